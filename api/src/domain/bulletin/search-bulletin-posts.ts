import type { BulletinPost } from '@app/shared/schemas';
import { and, desc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { bulletinPosts, users } from '../../db/schema/index.ts';
import { toBulletinPost } from './bulletin-dto.ts';
import { authorColumns } from '../accounts/author-name.ts';

/**
 * The bulletin posts everyone may read whose title or text holds every word of the query, newest
 * first (DESIGN §7.5: the header search covers the board). Hidden posts are never found.
 */
export async function searchBulletinPosts(db: Db, words: string[], limit = 20): Promise<BulletinPost[]> {
  if (words.length === 0) return [];
  const rows = await db
    .select({ post: bulletinPosts, author: authorColumns(users) })
    .from(bulletinPosts)
    .innerJoin(users, eq(users.id, bulletinPosts.userId))
    .where(and(eq(bulletinPosts.isHidden, false), ...words.map((w) => or(ilike(bulletinPosts.title, containing(w)), ilike(bulletinPosts.content, containing(w))))))
    .orderBy(desc(bulletinPosts.createdAt), desc(bulletinPosts.id))
    .limit(limit);
  return rows.map((r) => toBulletinPost(r.post, r.author, null));
}
