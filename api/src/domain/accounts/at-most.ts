import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { takeAttempt } from '../rate-limit/attempts.ts';

/**
 * Records one occurrence under `key` and answers true, or answers false (recording nothing)
 * when `max` already happened within the window — atomically, through the rate limiter. For
 * things that happen quietly rather than being refused: "mail this at most once an hour",
 * "has this account seen 20 failed sign-ins this hour".
 */
export async function atMost(db: Db, key: string, max: number, windowMs: number): Promise<boolean> {
  try {
    await takeAttempt(db, [{ key, max, windowMs }], () => 'limit reached');
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === 'too_many_requests') return false;
    throw err;
  }
}
