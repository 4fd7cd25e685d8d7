import type { BulletinPost } from '@app/shared/schemas';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bulletinPosts, users } from '../../db/schema/index.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { toBulletinPost } from './bulletin-dto.ts';
import { authorColumns } from '../accounts/author-name.ts';
import { bulletinPostKind } from '../moderation/kinds/bulletin-post.ts';

const LIMIT = 100;

/** GET /api/bulletin: the newest 100 posts anyone may read, plus hidden ones for those who may see them (with a notice). */
export async function listBulletinPosts(db: Db, caller: UserRow | null): Promise<BulletinPost[]> {
  // Hidden posts reach only those who may see them hidden: their author and moderators (the list marks them).
  const visible = bulletinPostKind.visibleTo(caller);
  const rows = await db
    .select({ post: bulletinPosts, author: authorColumns(users) })
    .from(bulletinPosts)
    .innerJoin(users, eq(users.id, bulletinPosts.userId))
    .where(visible)
    .orderBy(desc(bulletinPosts.createdAt), desc(bulletinPosts.id))
    .limit(LIMIT);
  return rows.map((r) => toBulletinPost(r.post, r.author, caller));
}
