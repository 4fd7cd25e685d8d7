import { can, isAdminRole, staffBadge, viewerOf } from '@app/shared/browser';
import type { Comment } from '@app/shared/schemas';
import type { comments, users } from '../../db/schema/index.ts';
import { authorAvatar, authorName } from '../accounts/author-name.ts';
import type { UserRow } from '../accounts/user-dto.ts';

export type CommentRow = typeof comments.$inferSelect;
export type AuthorRow = Pick<typeof users.$inferSelect, 'username' | 'displayName' | 'avatarUrl' | 'avatarThumbUrl' | 'role' | 'deletedAt'>;

/**
 * What one caller may see of a comment: moderators see hidden text and its reason; the author of
 * a hidden comment sees only that it was hidden; a deleted comment keeps no text, no author and
 * no edit time (its placeholder only holds the thread together).
 */
export function toCommentDto(row: CommentRow, author: AuthorRow, caller: UserRow | null): Comment {
  const moderates = can(viewerOf(caller), 'moderate');
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    articleId: row.articleId,
    userId: row.userId,
    parentCommentId: row.parentCommentId,
    content: deleted || (row.isHidden && !moderates) ? '' : row.content,
    createdAt: row.createdAt.toISOString(),
    updatedAt: (deleted ? row.createdAt : row.updatedAt).toISOString(),
    isHidden: row.isHidden,
    hiddenReason: moderates ? row.hiddenReason : null,
    isDeleted: deleted,
    user: deleted
      ? { username: '', displayName: '', avatarUrl: null, isAdmin: false, badge: null }
      : { username: author.deletedAt ? '' : author.username, displayName: authorName(author), avatarUrl: authorAvatar(author), isAdmin: isAdminRole(author.role), badge: staffBadge(author.role) },
  };
}

/**
 * Which comments a caller gets: hidden ones only if they may see them (moderators, the author); deleted
 * ones only while a reply they can see hangs under them; nothing whose parent they cannot see.
 */
export function visibleTo(rows: { comment: CommentRow; author: AuthorRow }[], caller: UserRow | null) {
  const viewer = viewerOf(caller);
  const byId = new Map(rows.map((r) => [r.comment.id, r]));
  const ownVisible = (c: CommentRow) => !c.isHidden || can(viewer, 'see-hidden', { authorId: c.userId });
  const hasVisibleReply = new Set<number>();
  for (const r of rows) {
    if (r.comment.deletedAt === null && ownVisible(r.comment) && r.comment.parentCommentId) hasVisibleReply.add(r.comment.parentCommentId);
  }
  const memo = new Map<number, boolean>();
  const shown = (c: CommentRow): boolean => {
    const known = memo.get(c.id);
    if (known !== undefined) return known;
    let ok = ownVisible(c) && (c.deletedAt === null || hasVisibleReply.has(c.id));
    if (ok && c.parentCommentId) {
      const parent = byId.get(c.parentCommentId);
      ok = Boolean(parent && shown(parent.comment));
    }
    memo.set(c.id, ok);
    return ok;
  };
  return rows.filter((r) => shown(r.comment)).map((r) => toCommentDto(r.comment, r.author, caller));
}
