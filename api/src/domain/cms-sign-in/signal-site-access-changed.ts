import { SITE_ACCESS_CHANNEL } from '@app/shared/schemas';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Tells the CMS that a member's role, status or account changed, so a CMS user linked to them
 * loses admin and its CMS sessions at once if they no longer administer the site. Sent on the
 * change's own transaction: PostgreSQL delivers it on commit (never for a rollback), and the
 * CMS then asks `siteAdminsAmong` — no network call while the member's row is locked.
 */
export async function signalSiteAccessChanged(tx: Pick<Db, 'execute'>, siteUserId: number): Promise<void> {
  await tx.execute(sql`select pg_notify(${SITE_ACCESS_CHANNEL}, ${JSON.stringify({ siteUserId })})`);
}
