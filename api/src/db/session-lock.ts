import type { Db } from './client.ts';

/**
 * Runs `work` while this instance holds the PostgreSQL advisory lock `key`, or answers that
 * another holds it. The lock is a session lock on a connection of its own, not a transaction's:
 * work that waits on the network (a payment provider, YouTube, the CMS) holds no transaction and
 * no row lock meanwhile, and an instance that dies mid-work releases the lock with its connection.
 */
export async function withSessionLock<T>(db: Db, key: string, work: () => Promise<T>): Promise<{ locked: true; value: T } | { locked: false }> {
  const holder = await db.$client.connect();
  try {
    const { rows } = await holder.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as locked', [key]);
    if (!rows[0]?.locked) return { locked: false };
    try {
      return { locked: true, value: await work() };
    } finally {
      await holder.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch(() => undefined);
    }
  } finally {
    holder.release();
  }
}
