import { CommentModerationQuerySchema } from '@app/shared/schemas';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { comments, users } from '../../../db/schema/index.ts';
import { requirePermission } from '../../accounts/permissions.ts';
import { toCommentDto } from '../../comments/comment-dto.ts';
import { commentAuthorColumns } from '../../comments/list-comments.ts';
import { forgetReports } from '../forget-reports.ts';
import type { ModeratedKind } from '../moderated-kind.ts';

/** Comments on articles; deleted ones are out of moderation. */
export const commentKind: ModeratedKind<'comment'> = {
  type: 'comment',
  async find(db, ids) {
    if (ids.length === 0) return [];
    const rows = await db.select({ r: comments, role: users.role }).from(comments).innerJoin(users, eq(users.id, comments.userId)).where(inArray(comments.id, ids));
    return rows
      .filter(({ r }) => r.deletedAt === null)
      .map(({ r, role }) => ({ type: 'comment', id: r.id, authorId: r.userId, authorRole: role, text: r.content, isHidden: r.isHidden, hiddenReason: r.hiddenReason, moderationNotes: r.moderationNotes, link: `/articles/${r.articleId}#comment-${r.id}` }));
  },
  async setVisibility(tx, item, v) {
    const set = v.hidden
      ? { isHidden: true, hiddenReason: v.reason, moderationNotes: v.notes, hiddenAt: sql`now()`, hiddenBy: v.by }
      : { isHidden: false, hiddenReason: null, hiddenAt: null, hiddenBy: null };
    await tx.update(comments).set(set).where(eq(comments.id, item.id));
  },
  async checkReader() {},
  async readableBy(_db, _reader, items) {
    return new Set(items.map((i) => i.id));
  },
  // A thread keeps its hidden comments as blank places, so replies stay under their parent: every
  // row is listed and the comment's DTO leaves out what a viewer may not read (comment-dto.ts).
  visibleTo: () => undefined,
  // Every comment with its article, newest first, a page at a time (?status=&page=&pageSize=).
  async adminList({ db, content }, caller, query) {
    const { status, page, pageSize } = CommentModerationQuerySchema.parse(query);
    const admin = requirePermission(caller, 'moderate');
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
    const items = rows.map(({ comment, author }) => ({
      ...toCommentDto(comment, author, admin),
      articleTitle: content.articles.get(comment.articleId)?.summary.title ?? `Article ${comment.articleId} (removed)`,
      moderationNotes: comment.moderationNotes,
    }));
    return { comments: items, total: Number(total?.n ?? 0), page, pageSize };
  },
  forget: (tx, ids) => forgetReports(tx, 'comment', ids),
};
