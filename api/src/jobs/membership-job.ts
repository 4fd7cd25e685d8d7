import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { expireSubscriptions } from '../domain/membership/expire-subscriptions.ts';
import type { MembershipDeps } from '../domain/membership/membership-deps.ts';
import type { DemoProvider } from '../integrations/payments/demo-provider.ts';

const LOCK = 'job:membership-check';

/**
 * Runs the membership check every interval. With several API instances, the one that takes the
 * advisory lock runs it and the others skip that round.
 */
export function startMembershipJob(deps: MembershipDeps & { demo: DemoProvider | null }, intervalMs: number) {
  const { db, logger } = deps;
  async function tick() {
    await runExclusively(db, logger, () => expireSubscriptions(deps, deps.demo ? () => deps.demo!.advance() : undefined));
  }
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}

async function runExclusively(db: Db, logger: Logger, job: () => Promise<number>) {
  try {
    await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(hashtextextended(${LOCK}, 0)) as locked`);
      if (!rows[0]?.locked) return;
      const ended = await job();
      if (ended) logger.info({ ended }, 'membership check: ended periods re-read');
    });
  } catch (err) {
    logger.error({ err }, 'membership check failed');
  }
}
