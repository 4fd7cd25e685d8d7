// `npm run backup [-- ARCHIVE]`: one .tar.gz of both database schemas and the media — the media
// folder, or the bucket's objects below MEDIA_S3_PREFIX when MEDIA_S3_* is set (default:
// $DATA_DIR/backups/better-self-<time>.tar.gz). See scripts/lib/backup.mjs.
import path from 'node:path';
import { backup } from './lib/backup.mjs';
import { backupTarget } from './lib/backup-target.mjs';
import { pitrBackup, wantsPitrBackup } from './lib/pgbackrest-cli.mjs';

// `npm run backup -- --pitr` (or PGBACKREST_STANZA set): a pgBackRest base backup on a database host of the replicated deployment.
if (wantsPitrBackup(process.argv.slice(2))) {
  try {
    await pitrBackup(process.argv.slice(2));
    process.exit(0);
  } catch (err) {
    console.error(`backup failed: ${err.message}`);
    process.exit(1);
  }
}

const target = await backupTarget();
const archive = path.resolve(process.argv[2] ?? path.join(target.dataDir, 'backups', `better-self-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`));
try {
  const manifest = await backup({ databaseUrl: target.databaseUrl, mediaDir: target.mediaDir, mediaBucket: target.mediaBucket, archive });
  const from = target.mediaBucket ? `s3://${target.mediaBucket.bucket}/${target.mediaBucket.prefix}` : target.mediaDir;
  console.log(`backup: ${manifest.tables.length} tables (${manifest.tables.reduce((n, t) => n + t.rows, 0)} rows) and ${manifest.mediaFiles} media files (${from}) → ${archive}`);
} catch (err) {
  console.error(`backup failed: ${err.message}`);
  process.exitCode = 1;
} finally {
  await target.close();
}
