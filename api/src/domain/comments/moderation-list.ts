import type { CommentModerationQuery, ModeratedComment, ModeratedCommentPage } from '@app/shared/schemas';
import { count, desc, eq, isNull, and } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comments, users } from '../../db/schema/index.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentIndex } from '../content/content-index.ts';
import { toCommentDto } from './comment-dto.ts';
import { commentAuthorColumns } from './list-comments.ts';


/** Admin → Content Moderation → Articles: every comment with its article, newest first. */
export async function listCommentsForModeration(db: Db, index: ContentIndex, caller: UserRow | null, query: CommentModerationQuery): Promise<ModeratedCommentPage> {
  const admin = requirePermission(caller, 'moderate');
  const { status, page, pageSize } = query;
  const where = and(isNull(comments.deletedAt), status === 'all' ? undefined : eq(comments.isHidden, status === 'hidden'));
  const [rows, [total]] = await Promise.all([
    db
      .select({ comment: comments, author: commentAuthorColumns })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(where)
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(comments).where(where),
  ]);
  const items: ModeratedComment[] = rows.map(({ comment, author }) => ({
    ...toCommentDto(comment, author, admin),
    articleTitle: index.articles.get(comment.articleId)?.summary.title ?? `Article ${comment.articleId} (removed)`,
    moderationNotes: comment.moderationNotes,
  }));
  return { comments: items, total: Number(total?.n ?? 0), page, pageSize };
}
