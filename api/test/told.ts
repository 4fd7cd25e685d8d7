import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { commentNotices } from '../src/db/schema/index.ts';

/** How long a test waits for a drain: moments, or seconds on a loaded machine (CI). */
export const TOLD_WAIT = { timeout: 15_000, interval: 20 };

/**
 * Once every comment's notice has been told: a comment answers before its drain (issue 53 #3),
 * which deletes each notice in the transaction that writes its notifications. A test then reads
 * what members were told — and, as surely, what they were not.
 */
export async function everyoneTold(db: Db): Promise<void> {
  await expect.poll(() => db.$count(commentNotices), TOLD_WAIT).toBe(0);
}

/**
 * Runs `during` while a member's notify lock (notify.ts) is held by another connection: a drain
 * that tells them waits until it ends; what does not tell them goes on.
 */
export async function withNotifyLockHeld<T>(db: Db, userId: number, during: () => Promise<T>): Promise<T> {
  const held = await db.$client.connect();
  try {
    await held.query('begin');
    await held.query(`select pg_advisory_xact_lock(hashtextextended('notify:' || $1::int, 0))`, [userId]);
    return await during();
  } finally {
    await held.query('rollback');
    held.release();
  }
}
