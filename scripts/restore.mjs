// `npm run restore ARCHIVE`: brings a fresh database (DATABASE_URL, or the embedded one of
// DATA_DIR) and an empty media folder, or the media bucket (MEDIA_S3_*), back to the archive's
// state, then checks every table.
// `npm run restore -- --time …` is the replicated deployment's point-in-time restore (script./lib/pgbackrest-cli.mjs).
import { restore } from './lib/backup.mjs';
import { backupTarget } from './lib/backup-target.mjs';
import { pitrRestore, wantsPitr } from './lib/pgbackrest-cli.mjs';

if (wantsPitr(process.argv.slice(2))) {
  try {
    await pitrRestore(process.argv.slice(2));
    process.exit(0);
  } catch (err) {
    console.error(`restore failed: ${err.message}`);
    process.exit(1);
  }
}
const archive = process.argv[2];
if (!archive) {
  console.error('usage: npm run restore ARCHIVE   (into a fresh database, and an empty media folder or the media bucket of MEDIA_S3_*)\n       npm run restore -- --time "2026-11-29 10:31" [--data-dir DIR] [--serve]   (pgBackRest point-in-time recovery, the replicated database)');
  process.exit(2);
}
const target = await backupTarget();
try {
  await restore({ databaseUrl: target.databaseUrl, mediaDir: target.mediaDir, mediaBucket: target.mediaBucket, archive, cmsEnv: target.cmsEnv, log: (m) => console.log(`restore: ${m}`) });
} catch (err) {
  console.error(`restore failed: ${err.message}`);
  process.exitCode = 1;
} finally {
  await target.close();
}
