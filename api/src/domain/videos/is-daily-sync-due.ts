import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { youtubeSyncs } from '../../db/schema/index.ts';

/** Whether the daily job is due: no run started within the last day. */
export async function isDailySyncDue(db: Db, now: Date): Promise<boolean> {
  const [last] = await db.select({ startedAt: youtubeSyncs.startedAt }).from(youtubeSyncs).orderBy(desc(youtubeSyncs.id)).limit(1);
  return !last || now.getTime() - last.startedAt.getTime() >= 24 * 60 * 60_000;
}
