import { can, viewerOf } from '@app/shared/browser';
import { and, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { statusRefusal } from '../accounts/login.ts';

/**
 * Which of these site users the CMS's single sign-on would still let in: not deleted, allowed to
 * sign in (not suspended or banned), and `can(viewer, 'administer')`. The CMS asks after a
 * `signalSiteAccessChanged` and whenever its listener (re)connects, and takes admin and
 * sessions from the CMS users linked to anyone else.
 */
export async function siteAdminsAmong(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(users).where(and(inArray(users.id, ids), isNull(users.deletedAt)));
  return rows.filter((u) => statusRefusal(u.accountStatus) === null && can(viewerOf(u), 'administer')).map((u) => u.id);
}
