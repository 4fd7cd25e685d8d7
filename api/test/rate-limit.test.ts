import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttleEvents } from '../src/db/schema/index.ts';
import { takeAttempt, type LimitRule } from '../src/domain/rate-limit/attempts.ts';
import { AppError } from '../src/lib/app-error.ts';
import { createTestDatabase } from './test-db.ts';

// The limiter's judgement (app.take_attempt, drizzle/0036_take_attempt_generic_plans.sql) on its
// own: what it allows, the wait it names, and that a refusal records nothing.
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

/** Takes an attempt: the seconds to wait when refused, else 0. */
async function waitFor(rules: LimitRule[]): Promise<number> {
  try {
    await takeAttempt(testDb.db, rules, (s) => `wait ${s}`);
    return 0;
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'too_many_requests') throw err;
    expect(err.message).toBe(`wait ${(err.details as { retryAfter: number }).retryAfter}`);
    return (err.details as { retryAfter: number }).retryAfter;
  }
}
const recorded = async (key: string) => testDb.db.$count(throttleEvents, eq(throttleEvents.key, key));
/** Moves a key's attempts back in time, as if they were made `seconds` earlier. */
const age = (key: string, seconds: number) => testDb.db.execute(sql`update app.throttle_events set at = at - ${seconds} * interval '1 second' where key = ${key}`);

describe('the rate limiter', () => {
  it('allows `max` attempts in the window, then names the wait until the oldest leaves it, recording nothing refused', async () => {
    const rule = { key: 'test:max', max: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) expect(await waitFor([rule])).toBe(0);
    await age(rule.key, 20);
    const wait = await waitFor([rule]);
    expect(wait).toBeGreaterThanOrEqual(39);
    expect(wait).toBeLessThanOrEqual(41);
    expect(await recorded(rule.key)).toBe(3);
    // Out of the window, the attempts no longer count (and are forgotten by the next one).
    await age(rule.key, 41);
    expect(await waitFor([rule])).toBe(0);
    expect(await recorded(rule.key)).toBe(1);
  });

  it('after the free tries, waits of 2 s, 4 s, 8 s … after the last, up to 15 minutes', async () => {
    const rule = { key: 'test:free', freeTries: 2 };
    const waits: number[] = [];
    for (let i = 0; i < 2; i++) expect(await waitFor([rule])).toBe(0);
    for (let n = 2; n < 12; n++) {
      waits.push(await waitFor([rule]));
      // The wait has passed: the next try is allowed, and counts.
      await age(rule.key, waits.at(-1)!);
      expect(await waitFor([rule])).toBe(0);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900]);
  });

  it('refuses when any rule refuses, with the longest wait, and records under no key', async () => {
    const member = { key: 'test:member', max: 5, windowMs: 60_000 };
    const address = { key: 'test:address', max: 1, windowMs: 3_600_000 };
    expect(await waitFor([member, address])).toBe(0);
    const wait = await waitFor([member, address]);
    expect(wait).toBeGreaterThan(3_590);
    expect([await recorded(member.key), await recorded(address.key)]).toEqual([1, 1]);
  });

  it('lets parallel attempts under one key pass only up to the limit', async () => {
    const rule = { key: 'test:parallel', max: 4, windowMs: 60_000 };
    const waits = await Promise.all(Array.from({ length: 10 }, () => waitFor([rule])));
    expect(waits.filter((w) => w === 0)).toHaveLength(4);
    expect(await recorded(rule.key)).toBe(4);
  });
});
