// `npm run media:to-s3 [-- --from DIR]` (issue 50 #1): moves an existing media folder (MEDIA_DIR, or
// --from) into the bucket of MEDIA_S3_*, below MEDIA_S3_PREFIX, where the CMS's storage adapter and
// the API's avatar store read and write once MEDIA_S3_* is set. Addresses need no change: pages name
// /media/{file} in both modes and the edge reads it from the bucket. Safe to run twice (what the
// bucket holds whole is skipped); the folder is left as it is. With DATABASE_URL, every CMS Media
// row's files (the original and each image size) are then looked for in the bucket; a missing one
// is named and the command fails.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { mediaStorageFromEnv, type MediaBucket } from '@app/shared/server';
import { bucketKeys, copyMediaToBucket } from '../integrations/media/copy-media-to-bucket.ts';
import { mediaS3Client } from '../integrations/media/s3-media-store.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const { values } = parseArgs({ options: { from: { type: 'string' } } });
const megabytes = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** The files of every CMS Media row that the bucket does not hold ("id: file"). */
async function mediaRowsMissing(databaseUrl: string, bucket: MediaBucket, keys: Set<string>): Promise<string[] | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The original and one column per image size (sizes_<name>_filename), whatever sizes there are.
    const columns = (
      await client.query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_schema = 'cms' and table_name = 'media' and (column_name = 'filename' or column_name like 'sizes\\_%\\_filename') order by column_name`,
      )
    ).rows.map((r) => r.column_name);
    if (!columns.includes('filename')) return null;
    const hasPrefix = (await client.query(`select 1 from information_schema.columns where table_schema = 'cms' and table_name = 'media' and column_name = 'prefix'`)).rowCount === 1;
    const rows = (await client.query(`select id, ${hasPrefix ? 'prefix' : `'' as prefix`}, ${columns.map((c) => `"${c}"`).join(', ')} from cms.media order by id`)).rows as Record<string, string | number | null>[];
    const missing: string[] = [];
    for (const row of rows) {
      // A row written to the bucket records its folder; one from the disk has none: the collection's prefix.
      const folder = row.prefix ? `${row.prefix}/` : bucket.prefix;
      for (const column of columns) {
        const name = row[column];
        if (typeof name === 'string' && name && !keys.has(folder + name)) missing.push(`${row.id}: ${name}`);
      }
    }
    return missing;
  } finally {
    await client.end();
  }
}

try {
  const storage = mediaStorageFromEnv(process.env, path.join(repoRoot, '.data/media'));
  if (storage.kind !== 's3') throw new Error('set MEDIA_S3_BUCKET and MEDIA_S3_PUBLIC_URL (and the bucket’s endpoint and keys: README, "Configuration") to say which bucket to fill');
  const dir = path.resolve(values.from ?? process.env.MEDIA_DIR ?? path.join(repoRoot, '.data/media'));
  const s3 = mediaS3Client(storage);
  console.log(`media:to-s3: ${dir} → s3://${storage.bucket}/${storage.prefix}`);
  const outcome = await copyMediaToBucket({ dir, bucket: storage, s3 });
  console.log(`media:to-s3: ${outcome.copied} files copied (${megabytes(outcome.copiedBytes)}), ${outcome.skipped} already in the bucket`);
  if (process.env.DATABASE_URL) {
    const missing = await mediaRowsMissing(process.env.DATABASE_URL, storage, await bucketKeys(s3, storage));
    if (missing === null) console.log('media:to-s3: no CMS Media table in this database; rows not checked');
    else if (missing.length === 0) console.log('media:to-s3: every CMS Media file is in the bucket');
    else {
      console.error(`media:to-s3: ${missing.length} files of CMS Media rows are in neither the folder nor the bucket:\n${missing.slice(0, 50).map((m) => `  ${m}`).join('\n')}`);
      process.exitCode = 1;
    }
  } else console.log('media:to-s3: DATABASE_URL unset; the CMS Media rows were not checked');
  s3.destroy();
} catch (err) {
  console.error(`media:to-s3: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
