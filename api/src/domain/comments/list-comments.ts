import type { Comment } from '@app/shared/schemas';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comments, users } from '../../db/schema/index.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentIndex } from '../content/content-index.ts';
import { visibleTo } from './comment-dto.ts';
import { requireReadableArticle } from '../content/require-readable-article.ts';

const author = { username: users.username, displayName: users.displayName, avatarUrl: users.avatarUrl, avatarThumbUrl: users.avatarThumbUrl, role: users.role, deletedAt: users.deletedAt };

/** The comments of an article as the caller may see them, oldest first. */
export async function listComments(db: Db, index: ContentIndex, articleId: number, caller: UserRow | null): Promise<Comment[]> {
  requireReadableArticle(index, articleId, caller);
  const rows = await db
    .select({ comment: comments, author })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.articleId, articleId))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return visibleTo(rows, caller);
}

export { author as commentAuthorColumns };
