import { eq, inArray, sql } from 'drizzle-orm';
import { comments, users } from '../../../db/schema/index.ts';
import { forgetReports } from '../forget-reports.ts';
import type { ModeratedKind } from '../moderated-kind.ts';

/** Comments on articles (the spec's admin screens say "Article"); deleted ones are out of moderation. */
export const commentKind: ModeratedKind = {
  type: 'comment',
  label: 'Article',
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
  forget: (tx, ids) => forgetReports(tx, 'comment', ids),
};
