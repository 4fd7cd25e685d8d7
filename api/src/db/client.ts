import { PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction of the database, as `db.transaction` hands it to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs `work` in the caller's transaction when given one (no savepoint of its own: a failure
 * fails the caller's transaction either way), else in a transaction of its own.
 */
export function inTransaction<T>(db: Pick<Db, 'transaction'> | Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db instanceof PgTransaction ? work(db as Tx) : db.transaction(work);
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export function createDb(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5000 });
  // An idle connection cut by a database restart emits 'error'; unhandled, it would end the process.
  // The pool has already dropped that client and the next query connects afresh (GET /api/ready tells).
  pool.on('error', () => undefined);
  // A connection cut while checked out (mid-query or mid-transaction) fails that query; the client's
  // own 'error' event must not end the process as well.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return drizzle(pool, { schema }) as Db;
}

/** Applies the committed drizzle-kit migrations; already-applied ones are skipped (tracked in app.__migrations). */
export async function migrateDb(db: Db): Promise<void> {
  // Several API instances start together: one migrates while the others wait for it (a session
  // advisory lock on a connection of its own), then find nothing left to do.
  const lockHolder = await db.$client.connect();
  try {
    await lockHolder.query(`select pg_advisory_lock(hashtextextended('app-migrations', 0))`);
    await migrate(db, { migrationsFolder, migrationsSchema: 'app', migrationsTable: '__migrations' });
  } finally {
    await lockHolder.query(`select pg_advisory_unlock(hashtextextended('app-migrations', 0))`).catch(() => undefined);
    lockHolder.release();
  }
}

/** Turns a connection failure into a sentence a person can act on. */
export async function assertDatabaseReachable(db: Db, url: string): Promise<void> {
  try {
    await db.$client.query('select 1');
  } catch (err) {
    const where = safeUrl(url);
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`Cannot reach the database at ${where}: ${reason}. Is PostgreSQL running, and is DATABASE_URL right?`);
  }
}

function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}
