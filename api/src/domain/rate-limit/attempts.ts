import { inArray, sql } from 'drizzle-orm';
import { inTransaction, type Db, type Tx } from '../../db/client.ts';
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
 * Given the caller's transaction, it runs in it (no BEGIN and COMMIT of its own, issue 53 #3): the
 * locks are held until the caller commits, and an action that fails or is refused afterwards in
 * that transaction counts no attempt.
 *
 * Returns the recorded attempt ids (for `refund`), or throws 429 with Retry-After.
 */
export async function takeAttempt(db: Db | Tx, rules: LimitRule[], message: (seconds: number) => string): Promise<number[]> {
  return inTransaction(db, (tx) => checkAndRecord(tx, rules, message));
}

type Counted = { i: number; n: number; first: number | null; last: number | null };

/**
 * Two statements whatever the rules: the locks, then every rule's count with the cleanup and the
 * record. The record is written before the counts are judged (one statement sees none of its own
 * writes, so the counts are those before it); a refusal throws inside the transaction, which takes
 * the record and the cleanup back.
 */
async function checkAndRecord(tx: Tx, rules: LimitRule[], message: (seconds: number) => string): Promise<number[]> {
  const keys = [...new Set(rules.map((r) => r.key))].sort();
  // The locks first, in key order (no deadlock): the next statement's snapshot is taken after them,
  // so it counts every attempt committed before (a lock in the same statement would not).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from (select unnest(${sql.param(keys)}::text[]) as k order by k) as l`);
  const now = Date.now();
  // Forget what no rule can count any more, so a key's history stays small.
  const oldest = new Date(now - Math.max(...rules.map(windowOf))).toISOString();
  const { rows } = await tx.execute<{ counts: Counted[]; ids: number[] }>(sql`
    with counted as (
      select r.i, count(t.id) as n, extract(epoch from min(t.at)) * 1000 as first, extract(epoch from max(t.at)) * 1000 as last
      from unnest(${sql.param(rules.map((r) => r.key))}::text[], ${sql.param(rules.map((r) => new Date(now - windowOf(r)).toISOString()))}::timestamptz[]) with ordinality as r(key, since, i)
      left join ${throttleEvents} t on t.key = r.key and t.at > r.since
      group by r.i
    ),
    forgotten as (delete from ${throttleEvents} where key = any(${sql.param(keys)}::text[]) and at < ${oldest}::timestamptz),
    recorded as (insert into ${throttleEvents} (key) select unnest(${sql.param(rules.map((r) => r.key))}::text[]) returning id)
    select (select json_agg(counted) from counted) as counts, (select json_agg(id) from recorded) as ids`);
  const { counts, ids } = rows[0]!;
  let wait = 0;
  for (const { i, n, first, last } of counts) {
    const rule = rules[i - 1]!;
    if ('max' in rule) {
      // Only allowed attempts are kept, so at the limit the oldest one frees the next slot.
      if (n >= rule.max && first !== null) wait = Math.max(wait, first + rule.windowMs - now);
    } else {
      const needed = waitAfter(n, rule.freeTries);
      if (needed && last !== null) wait = Math.max(wait, last + needed - now);
    }
  }
  if (wait > 0) {
    const seconds = Math.max(1, Math.ceil(wait / 1000));
    throw new AppError('too_many_requests', message(seconds), { retryAfter: seconds });
  }
  return ids;
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
