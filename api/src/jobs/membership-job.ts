import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { expireSubscriptions } from '../domain/membership/expire-subscriptions.ts';
import type { MembershipDeps } from '../domain/membership/membership-deps.ts';
import type { DemoProvider } from '../integrations/payments/demo-provider.ts';
import { runRoundOnce } from './job-rounds.ts';

export const MEMBERSHIP_JOB = 'membership-check';
const LOCK = 'job:membership-check';

/**
 * Runs the membership check once per interval across every API instance: each instance's timer
 * tries to claim the round (job-rounds.ts) and only the first runs it. A round still running when
 * the next is claimed (a slow provider) is not overlapped: the advisory lock makes the newer one
 * record that it stood aside.
 */
export function startMembershipJob(deps: MembershipDeps & { demo: DemoProvider | null }, intervalMs: number) {
  const { db, logger } = deps;
  const tick = () =>
    runRoundOnce({ db, logger, clock: deps.clock }, { name: MEMBERSHIP_JOB, intervalMs }, () =>
      withoutOverlap(db, async () => {
        const ended = await expireSubscriptions(deps, deps.demo ? () => deps.demo!.advance() : undefined);
        if (ended) logger.info({ ended }, 'membership check: ended periods re-read');
        return `${ended} ended period${ended === 1 ? '' : 's'} re-read`;
      }),
    ).catch((err: Error) => {
      // The claim itself could not be written (the database out of reach): the next tick tries again.
      logger.warn({ err: err.message }, 'membership check could not claim its round');
      return 'failed' as const;
    });
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}

async function withoutOverlap(db: Db, job: () => Promise<string>): Promise<string> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(hashtextextended(${LOCK}, 0)) as locked`);
    if (!rows[0]?.locked) return 'the previous round was still running';
    return job();
  });
}
