// Which database and media `npm run backup` / `npm run restore` work on: DATABASE_URL, and MEDIA_DIR
// or the media bucket (MEDIA_S3_*), as the services see them; or the embedded PostgreSQL of DATA_DIR
// (used while `npm start` runs it, started for the job otherwise).
import path from 'node:path';
import pg from 'pg';
import { ensureDatabase, startEmbeddedPostgres } from '@app/embedded-db';
import { mediaStorageFromEnv } from '@app/shared/server';
import { loadSecrets, root } from './stack.mjs';

export async function backupTarget(env = process.env) {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, '.data'));
  const mediaDir = path.resolve(env.MEDIA_DIR ?? path.join(dataDir, 'media'));
  const storage = mediaStorageFromEnv(env, mediaDir);
  const mediaBucket = storage.kind === 's3' ? storage : null;
  const cmsEnv = { PAYLOAD_SECRET: env.PAYLOAD_SECRET ?? loadSecrets(dataDir).payloadSecret };
  if (env.DATABASE_URL) return { databaseUrl: env.DATABASE_URL, mediaDir, mediaBucket, dataDir, cmsEnv, close: async () => {} };
  const port = Number(env.EMBEDDED_DB_PORT ?? 54329);
  const running = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/postgres` });
  const up = await running.connect().then(() => true, () => false);
  await running.end().catch(() => undefined);
  let db = null;
  if (!up) db = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), port });
  const adminUrl = db ? db.url() : `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  await ensureDatabase(adminUrl, 'app');
  return { databaseUrl: Object.assign(new URL(adminUrl), { pathname: '/app' }).href, mediaDir, mediaBucket, dataDir, cmsEnv, close: async () => db?.stop() };
}
