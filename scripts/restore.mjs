// `npm run restore ARCHIVE`: brings a fresh database (DATABASE_URL, or the embedded one of
// DATA_DIR) and an empty media folder back to the archive's state, then checks every table.
import { restore } from './lib/backup.mjs';
import { backupTarget } from './lib/backup-target.mjs';

const archive = process.argv[2];
if (!archive) {
  console.error('usage: npm run restore ARCHIVE   (into a fresh database and an empty media folder)');
  process.exit(2);
}
const target = await backupTarget();
try {
  await restore({ databaseUrl: target.databaseUrl, mediaDir: target.mediaDir, archive, cmsEnv: target.cmsEnv, log: (m) => console.log(`restore: ${m}`) });
} catch (err) {
  console.error(`restore failed: ${err.message}`);
  process.exitCode = 1;
} finally {
  await target.close();
}
