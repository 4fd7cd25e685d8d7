import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERSHIP_JOB, membershipJob } from '../src/jobs/membership-job.ts';
import { scheduleJob } from '../src/jobs/schedule-job.ts';
import { latestRounds, roundStartOf, runRoundOnce } from '../src/jobs/job-rounds.ts';
import { createDemoProvider } from '../src/integrations/payments/demo-provider.ts';
import { silentLogger } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

/**
 * Scheduled jobs on several API instances (DESIGN §3): each round of a job is claimed in
 * PostgreSQL, so exactly one instance runs it, whatever moment each instance's timer fires.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
});

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);
const rows = async (job: string) =>
  (await testDb.db.execute<{ round_start: string; instance: string; outcome: string | null; finished: boolean; detail: string | null }>(sql`select round_start::text, instance, outcome, finished_at is not null as finished, detail from app.job_rounds where job = ${job} order by round_start`)).rows;

/** An instance of the API as far as one job goes: its name and the clock its timer reads. */
function instance(name: string, job: string, ran: Map<number, string[]>) {
  return (at: number) =>
    runRoundOnce({ db: testDb.db, logger: silentLogger, clock: () => new Date(at), instance: name }, { name: job, intervalMs: MINUTE }, async () => {
      const round = roundStartOf(new Date(at), MINUTE).getTime();
      ran.set(round, [...(ran.get(round) ?? []), name]);
      return `run by ${name}`;
    });
}

describe('each round of a scheduled job runs exactly once across instances', () => {
  it('runs every round once when two instances tick at different moments in each round', async () => {
    const ran = new Map<number, string[]>();
    const a = instance('host-a:1', 'rounds-offset', ran);
    const b = instance('host-b:2', 'rounds-offset', ran);
    for (let round = 0; round < 6; round++) {
      const start = T0 + round * MINUTE;
      // A's timer fires early in the round, B's late; A's fires a second time before the round ends.
      const outcomes = [await a(start + 5_000), await b(start + 40_000), await a(start + 59_000)];
      expect(outcomes.filter((o) => o === 'ran')).toHaveLength(1);
    }
    expect([...ran.values()].map((names) => names.length)).toEqual([1, 1, 1, 1, 1, 1]);
    const recorded = await rows('rounds-offset');
    expect(recorded).toHaveLength(6);
    expect(recorded.every((r) => r.outcome === 'succeeded' && r.finished)).toBe(true);
  });

  it('lets one of twenty instances ticking at the same moment run the round', async () => {
    const ran = new Map<number, string[]>();
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => instance(`host-${i}:${i}`, 'rounds-together', ran)(T0 + 1_000)));
    expect(outcomes.filter((o) => o === 'ran')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'taken')).toHaveLength(19);
    expect([...ran.values()].flat()).toHaveLength(1);
  });

  it('records a failed run, and shows a run cut short as started and never finished', async () => {
    const failed = await runRoundOnce({ db: testDb.db, logger: silentLogger, clock: () => new Date(T0) }, { name: 'rounds-failing', intervalMs: MINUTE }, async () => {
      throw new Error('the provider did not answer');
    });
    expect(failed).toBe('failed');
    expect(await rows('rounds-failing')).toMatchObject([{ outcome: 'failed', finished: true, detail: 'the provider did not answer' }]);

    // An instance dies mid-run: its round stays claimed and unfinished; nobody runs it again, the next round runs.
    let release: () => void = () => {};
    const hanging = runRoundOnce({ db: testDb.db, logger: silentLogger, clock: () => new Date(T0), instance: 'dying:1' }, { name: 'rounds-cut', intervalMs: MINUTE }, () => new Promise<string | null>((r) => (release = () => r(null))));
    await expect.poll(async () => (await rows('rounds-cut')).length).toBe(1);
    const ran = new Map<number, string[]>();
    expect(await instance('host-b:2', 'rounds-cut', ran)(T0 + 30_000)).toBe('taken');
    expect(await instance('host-b:2', 'rounds-cut', ran)(T0 + MINUTE + 1_000)).toBe('ran');
    const recorded = await rows('rounds-cut');
    expect(recorded[0]).toMatchObject({ instance: 'dying:1', outcome: null, finished: false });
    expect(recorded[1]).toMatchObject({ instance: 'host-b:2', outcome: 'succeeded' });
    expect((await latestRounds(testDb.db)).find((r) => r.job === 'rounds-cut')).toMatchObject({ instance: 'host-b:2', outcome: 'succeeded' });
    release();
    await hanging;
  });
});

describe('the membership check', () => {
  it('runs once per round with two instances whose timers fire at different moments', async () => {
    let now = T0;
    const deps = { db: testDb.db, provider: createDemoProvider(testDb.db, () => new Date(now)), mailer: { send: async () => {} }, logger: silentLogger, publicUrl: 'http://localhost:3000', clock: () => new Date(now), siteName: () => 'Test', demo: null };
    const first = scheduleJob(deps, membershipJob(deps, MINUTE));
    const second = scheduleJob(deps, membershipJob(deps, MINUTE));
    try {
      for (let round = 0; round < 3; round++) {
        now = T0 + round * MINUTE + 2_000;
        expect(await first.tick()).toBe('ran');
        now += 30_000;
        expect(await second.tick()).toBe('taken');
      }
      const recorded = await rows(MEMBERSHIP_JOB);
      expect(recorded).toHaveLength(3);
      expect(recorded.every((r) => r.outcome === 'succeeded')).toBe(true);
    } finally {
      first.stop();
      second.stop();
    }
  });
});

describe('one job idiom: scheduleJob on the round claim', () => {
  it('lets an exclusive job’s round stand aside while the previous round still runs, holding no transaction meanwhile', async () => {
    let now = T0;
    let release: () => void = () => {};
    let calls = 0;
    const job = { name: 'exclusive-slow', every: MINUTE, exclusive: true, run: () => { calls += 1; return calls === 1 ? new Promise<string | null>((r) => (release = () => r('slow round done'))) : Promise.resolve('quick round'); } };
    const a = scheduleJob({ db: testDb.db, logger: silentLogger, clock: () => new Date(now), instance: 'a:1' }, job);
    const b = scheduleJob({ db: testDb.db, logger: silentLogger, clock: () => new Date(now), instance: 'b:2' }, job);
    try {
      const slow = a.tick();
      await expect.poll(() => calls).toBe(1);
      // While the slow round waits (on the network, say), no transaction of ours is open in the database.
      const open = await testDb.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`);
      expect(open.rows[0]!.n).toBe(0);
      now = T0 + MINUTE + 1_000;
      expect(await b.tick()).toBe('ran');
      expect((await rows('exclusive-slow'))[1]).toMatchObject({ outcome: 'succeeded', detail: 'the previous round was still running' });
      release();
      expect(await slow).toBe('ran');
      now = T0 + 2 * MINUTE + 1_000;
      expect(await b.tick()).toBe('ran');
      expect((await rows('exclusive-slow'))[2]).toMatchObject({ outcome: 'succeeded', detail: 'quick round' });
    } finally {
      a.stop();
      b.stop();
    }
  });
});
