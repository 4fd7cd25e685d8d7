import { inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { pgErrorWithCode } from '../../db/errors.ts';
import { throttleEvents } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A limit on attempts under one key:
 * - `max` attempts within `windowMs` (comments, reset mails, sign-ups), or
 * - `freeTries` within the last hour, then growing waits of 2 s, 4 s, 8 s … capped at 15
 *   minutes (sign-in failures; Ghost's shape). Attempts older than an hour are forgotten.
 * Judged in PostgreSQL (drizzle/0036_take_attempt_generic_plans.sql), under the keys' locks.
 */
export type LimitRule = { key: string; max: number; windowMs: number } | { key: string; freeTries: number };

const windowOf = (rule: LimitRule) => ('max' in rule ? rule.windowMs : HOUR_MS);

/**
 * Checks every rule and, only when all allow, records one attempt under each key — atomically:
 * the keys' advisory locks are held for the whole check-and-record, so parallel requests are
 * counted one after another and cannot slip past a limit together. Locks are per key, so
 * unrelated callers never wait on each other, and they work across API instances.
 *
 * One statement (`app.take_attempt`, drizzle/0036_take_attempt_generic_plans.sql: the locks, the
 * counts, the judgement, the cleanup and the record, issue 53 #3). Given the caller's transaction,
 * it runs in it: the locks are held until the caller commits, and an action that fails or is
 * refused afterwards in that transaction counts no attempt.
 *
 * Returns the recorded attempt ids (for `refund`), or throws 429 with Retry-After.
 */
export async function takeAttempt(db: Db | Tx, rules: LimitRule[], message: (seconds: number) => string): Promise<number[]> {
  const { rows } = await withLimit(db.execute<{ ids: number[] }>(sql`select ${takeAttemptCall(rules)} as ids`), message);
  return rows[0]!.ids;
}

/**
 * A statement that calls `app.take_attempt` (takeAttemptCall) beside its own work, such as a
 * comment's insert: its refusal becomes the 429 with Retry-After, and takes the work back with it.
 */
export async function withLimit<T>(statement: PromiseLike<T>, message: (seconds: number) => string): Promise<T> {
  try {
    return await statement;
  } catch (err) {
    throw limitRefusal(err, message) ?? err;
  }
}

const callWith = (keys: SQLWrapper, maxes: SQLWrapper, windows: SQLWrapper, freeTries: SQLWrapper) =>
  sql`app.take_attempt(${keys}::text[], ${maxes}::integer[], ${windows}::bigint[], ${freeTries}::integer[])`;

/** The call to `app.take_attempt` for these rules, to put in a statement (a comment's own insert, say). */
export function takeAttemptCall(rules: LimitRule[]): SQL {
  const { limitKeys, limitMaxes, limitWindows, limitFreeTries } = limitValues(rules);
  return callWith(sql.param(limitKeys), sql.param(limitMaxes), sql.param(limitWindows), sql.param(limitFreeTries));
}

/** `takeAttemptCall` in a statement built once (db/prepared.ts `statement`): each call's rules are the values `limitValues` gives. */
export const takeAttemptPlaceholders = callWith(sql.placeholder('limitKeys'), sql.placeholder('limitMaxes'), sql.placeholder('limitWindows'), sql.placeholder('limitFreeTries'));

/** The values of `takeAttemptPlaceholders` for these rules. */
export function limitValues(rules: LimitRule[]) {
  return {
    limitKeys: rules.map((r) => r.key),
    limitMaxes: rules.map((r) => ('max' in r ? r.max : null)),
    limitWindows: rules.map(windowOf),
    limitFreeTries: rules.map((r) => ('max' in r ? null : r.freeTries)),
  };
}

/** The 429 for a statement that `app.take_attempt` refused (SQLSTATE BS429, the seconds to wait in its detail); null for any other error. */
function limitRefusal(err: unknown, message: (seconds: number) => string): AppError | null {
  const refused = pgErrorWithCode(err, 'BS429');
  if (!refused) return null;
  const seconds = Math.max(1, Number(refused.detail) || 1);
  return new AppError('too_many_requests', message(seconds), { retryAfter: seconds });
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
