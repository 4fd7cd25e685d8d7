import type { AdminBulletinPost } from '@app/shared/schemas';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bulletinPosts, users } from '../../db/schema/index.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { openReportCounts } from '../moderation/registry.ts';
import { toAdminBulletinPost } from './bulletin-dto.ts';
import { authorColumns } from '../accounts/author-name.ts';

/** GET /api/admin/bulletin-posts: every post, hidden ones too, with how many open reports each has. */
export async function listAdminBulletinPosts(db: Db, caller: UserRow | null): Promise<AdminBulletinPost[]> {
  requirePermission(caller, 'moderate');
  const open = openReportCounts(db, 'bulletin');
  const rows = await db
    .select({ post: bulletinPosts, author: authorColumns(users), reports: open.n })
    .from(bulletinPosts)
    .innerJoin(users, eq(users.id, bulletinPosts.userId))
    .leftJoin(open, eq(open.contentId, bulletinPosts.id))
    .orderBy(desc(bulletinPosts.createdAt), desc(bulletinPosts.id))
    .limit(200);
  return rows.map((r) => toAdminBulletinPost(r.post, r.author, Number(r.reports ?? 0)));
}
