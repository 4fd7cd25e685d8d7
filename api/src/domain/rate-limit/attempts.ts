import { and, count, eq, gt, inArray, lt, max, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { throttleEvents } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

const HOUR_MS = 60 * 60 * 1000;
const MAX_WAIT_MS = 15 * 60 * 1000;

/**
 * A limit on attempts under one key:
 * - `max` attempts within `windowMs` (comments, reset mails, sign-ups), or
 * - `freeTries` within the last hour, then growing waits of 2 s, 4 s, 8 s … capped at 15
 *   minutes (sign-in failures; Ghost's shape). Attempts older than an hour are forgotten.
 */
export type LimitRule = { key: string; max: number; windowMs: number } | { key: string; freeTries: number };

export function waitAfter(failures: number, freeTries: number): number {
  if (failures < freeTries) return 0;
  return Math.min(MAX_WAIT_MS, 2 ** (failures - freeTries + 1) * 1000);
}

const windowOf = (rule: LimitRule) => ('max' in rule ? rule.windowMs : HOUR_MS);

/**
 * Checks every rule and, only when all allow, records one attempt under each key — atomically:
 * the keys' advisory locks are held for the whole check-and-record, so parallel requests are
 * counted one after another and cannot slip past a limit together. Locks are per key, so
 * unrelated callers never wait on each other, and they work across API instances.
 *
 * Returns the recorded attempt ids (for `refund`), or throws 429 with Retry-After.
 */
export async function takeAttempt(db: Db, rules: LimitRule[], message: (seconds: number) => string): Promise<number[]> {
  const keys = [...new Set(rules.map((r) => r.key))].sort();
  const outcome = await db.transaction(async (tx) => {
    for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    let wait = 0;
    for (const rule of rules) {
      const since = new Date(Date.now() - windowOf(rule));
      const [row] = await tx
        .select({ n: count(), first: min(throttleEvents.at), last: max(throttleEvents.at) })
        .from(throttleEvents)
        .where(and(eq(throttleEvents.key, rule.key), gt(throttleEvents.at, since)));
      const n = Number(row?.n ?? 0);
      if ('max' in rule) {
        // Only allowed attempts are recorded, so at the limit the oldest one frees the next slot.
        if (n >= rule.max && row?.first) wait = Math.max(wait, row.first.getTime() + rule.windowMs - Date.now());
      } else {
        const needed = waitAfter(n, rule.freeTries);
        if (needed && row?.last) wait = Math.max(wait, row.last.getTime() + needed - Date.now());
      }
    }
    if (wait > 0) return { wait, ids: [] };
    // Forget what no rule can count any more, so a key's history stays small.
    const oldest = new Date(Date.now() - Math.max(...rules.map(windowOf)));
    await tx.delete(throttleEvents).where(and(inArray(throttleEvents.key, keys), lt(throttleEvents.at, oldest)));
    const ids = await tx.insert(throttleEvents).values(rules.map((r) => ({ key: r.key }))).returning({ id: throttleEvents.id });
    return { wait: 0, ids: ids.map((r) => r.id) };
  });
  if (outcome.wait > 0) {
    const seconds = Math.max(1, Math.ceil(outcome.wait / 1000));
    throw new AppError('too_many_requests', message(seconds), { retryAfter: seconds });
  }
  return outcome.ids;
}

/** Takes back recorded attempts that should not count (a sign-in that succeeded). */
export async function refund(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(throttleEvents).where(inArray(throttleEvents.id, ids));
}

/** Forgets every attempt under these keys (a successful sign-in clears the account's failures). */
export async function clearAttempts(db: Db, keys: string[]): Promise<void> {
  if (keys.length) await db.delete(throttleEvents).where(inArray(throttleEvents.key, keys));
}

/** "N seconds" / "N minutes", for limit messages. */
export function waitText(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
