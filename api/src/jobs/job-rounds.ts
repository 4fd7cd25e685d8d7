import { and, eq, lt, sql } from 'drizzle-orm';
import type { JobRound } from '@app/shared/browser';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { jobRounds } from '../db/schema/index.ts';
import { INSTANCE_NAME } from '../lib/instance-name.ts';

/** Rounds older than this are forgotten by the instance that runs a newer one. */
const KEEP_ROUNDS_DAYS = 7;

/** The start of the round `at` falls in: rounds of `intervalMs` counted from the epoch, the same on every instance. */
export function roundStartOf(at: Date, intervalMs: number): Date {
  return new Date(Math.floor(at.getTime() / intervalMs) * intervalMs);
}

export type RoundOutcome = 'ran' | 'taken' | 'failed';

/**
 * Runs `work` for the current round of `job` unless an instance already claimed it: the claim is an
 * insert keyed by job and round start, so exactly one instance wins each round whatever moment
 * each one's timer fires (DESIGN §3: one instance runs each scheduled job). The row records who ran
 * it, when it finished and how; a run whose instance died stays unfinished, visible, and the next
 * round does its work.
 */
export async function runRoundOnce(
  deps: { db: Db; logger: Logger; clock: () => Date; instance?: string },
  job: { name: string; intervalMs: number },
  work: () => Promise<string | null>,
): Promise<RoundOutcome> {
  const roundStart = roundStartOf(deps.clock(), job.intervalMs);
  const claimed = await deps.db
    .insert(jobRounds)
    .values({ job: job.name, roundStart, instance: deps.instance ?? INSTANCE_NAME })
    .onConflictDoNothing()
    .returning({ job: jobRounds.job });
  if (claimed.length === 0) return 'taken';
  const thisRound = and(eq(jobRounds.job, job.name), eq(jobRounds.roundStart, roundStart));
  try {
    const detail = await work();
    await deps.db.update(jobRounds).set({ finishedAt: sql`now()`, outcome: 'succeeded', detail }).where(thisRound);
    await deps.db.delete(jobRounds).where(and(eq(jobRounds.job, job.name), lt(jobRounds.roundStart, new Date(roundStart.getTime() - KEEP_ROUNDS_DAYS * 86_400_000))));
    return 'ran';
  } catch (err) {
    deps.logger.error({ err, job: job.name }, 'scheduled job failed');
    await deps.db.update(jobRounds).set({ finishedAt: sql`now()`, outcome: 'failed', detail: (err as Error).message.slice(0, 2000) }).where(thisRound).catch(() => undefined);
    return 'failed';
  }
}

/** The latest round of each job, for the System tab. */
export async function latestRounds(db: Db): Promise<JobRound[]> {
  const { rows } = await db.execute<{ job: string; round_start: string; instance: string; started_at: string; finished_at: string | null; outcome: string | null; detail: string | null }>(
    sql`select distinct on (job) job, round_start, instance, started_at, finished_at, outcome, detail from app.job_rounds order by job, round_start desc`,
  );
  return rows.map((r) => ({ job: r.job, roundStart: new Date(r.round_start).toISOString(), instance: r.instance, startedAt: new Date(r.started_at).toISOString(), finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null, outcome: r.outcome }));
}
