import { and, count, eq, gt, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { throttleEvents } from '../../db/schema/index.ts';

const HOUR_MS = 60 * 60 * 1000;
const MAX_WAIT_MS = 15 * 60 * 1000;

export type ThrottleRule = { key: string; freeTries: number };

/**
 * Growing waits after a number of free failures within the last hour: 2 s, 4 s, 8 s … capped at
 * 15 minutes. Failures older than an hour are forgotten and a successful sign-in clears the
 * account's counters, so nobody can lock a user out for good.
 */
export function waitAfter(failures: number, freeTries: number): number {
  if (failures < freeTries) return 0;
  return Math.min(MAX_WAIT_MS, 2 ** (failures - freeTries + 1) * 1000);
}

/** Milliseconds the caller must still wait before another attempt under these rules (0: go ahead). */
export async function throttleWait(db: Db, rules: ThrottleRule[]): Promise<number> {
  let wait = 0;
  for (const rule of rules) {
    const [row] = await db
      .select({ n: count(), last: max(throttleEvents.at) })
      .from(throttleEvents)
      .where(and(eq(throttleEvents.key, rule.key), gt(throttleEvents.at, sql`now() - interval '1 hour'`)));
    const needed = waitAfter(Number(row?.n ?? 0), rule.freeTries);
    if (needed && row?.last) wait = Math.max(wait, row.last.getTime() + needed - Date.now());
  }
  return Math.max(0, wait);
}

export async function recordEvent(db: Db, keys: string[]): Promise<void> {
  if (keys.length) await db.insert(throttleEvents).values(keys.map((key) => ({ key })));
}

export async function countRecent(db: Db, key: string, windowMs = HOUR_MS): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(throttleEvents)
    .where(and(eq(throttleEvents.key, key), gt(throttleEvents.at, new Date(Date.now() - windowMs))));
  return Number(row?.n ?? 0);
}

export async function clearEvents(db: Db, keys: string[]): Promise<void> {
  for (const key of keys) await db.delete(throttleEvents).where(eq(throttleEvents.key, key));
}
