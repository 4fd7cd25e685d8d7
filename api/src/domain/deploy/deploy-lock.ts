import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

const LOCK = 'site-deployment';

export type DeployLock = <T>(mode: 'wait' | 'try', run: () => Promise<T>) => Promise<{ ran: true; value: T } | { ran: false }>;

/**
 * One deployment at a time across every API instance: a PostgreSQL advisory lock held by a
 * transaction for the whole run (the run's own writes go through other connections, so the
 * Deployment tab sees them as they happen). `try` gives up at once when another instance holds it.
 */
export function createDeployLock(db: Db): DeployLock {
  return (mode, run) =>
    db.transaction(async (tx) => {
      if (mode === 'wait') await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${LOCK}, 0))`);
      else {
        const { rows } = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(hashtextextended(${LOCK}, 0)) as locked`);
        if (!rows[0]?.locked) return { ran: false as const };
      }
      return { ran: true as const, value: await run() };
    });
}

/** Without a database (unit tests of the scheduler alone) the in-process queue is the only guard. */
export const noDeployLock: DeployLock = async (_mode, run) => ({ ran: true, value: await run() });
