import type { AdminBulletinPost, BulletinPost } from '@app/shared/schemas';
import { and, count, desc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bulletinPosts, reports, users } from '../../db/schema/index.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { toAdminBulletinPost, toBulletinPost } from './bulletin-dto.ts';

const LIMIT = 100;

/** GET /api/bulletin: the newest 100 posts anyone may read, plus the caller's own hidden ones (with a notice). */
export async function listBulletinPosts(db: Db, caller: UserRow | null): Promise<BulletinPost[]> {
  const visible = caller ? or(eq(bulletinPosts.isHidden, false), eq(bulletinPosts.userId, caller.id)) : eq(bulletinPosts.isHidden, false);
  const rows = await db
    .select({ post: bulletinPosts, author: { id: users.id, username: users.username, displayName: users.displayName, role: users.role } })
    .from(bulletinPosts)
    .innerJoin(users, eq(users.id, bulletinPosts.userId))
    .where(visible)
    .orderBy(desc(bulletinPosts.createdAt), desc(bulletinPosts.id))
    .limit(LIMIT);
  return rows.map((r) => toBulletinPost(r.post, r.author, caller));
}

/** GET /api/admin/bulletin-posts: every post, hidden ones too, with how many open reports each has. */
export async function listAdminBulletinPosts(db: Db, caller: UserRow | null): Promise<AdminBulletinPost[]> {
  requirePermission(caller, 'moderate');
  const open = db
    .select({ contentId: reports.contentId, n: count().as('n') })
    .from(reports)
    .where(and(eq(reports.type, 'bulletin'), eq(reports.status, 'pending')))
    .groupBy(reports.contentId)
    .as('open');
  const rows = await db
    .select({ post: bulletinPosts, author: { id: users.id, username: users.username, displayName: users.displayName, role: users.role }, reports: open.n })
    .from(bulletinPosts)
    .innerJoin(users, eq(users.id, bulletinPosts.userId))
    .leftJoin(open, eq(open.contentId, bulletinPosts.id))
    .orderBy(desc(bulletinPosts.createdAt), desc(bulletinPosts.id))
    .limit(200);
  return rows.map((r) => toAdminBulletinPost(r.post, r.author, Number(r.reports ?? 0)));
}
