import { CreateCommentSchema, HideCommentSchema, UpdateCommentSchema, type Comment } from '@app/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comments, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireAdmin } from '../accounts/permissions.ts';
import { takeAttempt } from '../rate-limit/attempts.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentIndex } from '../content/content-index.ts';
import { toCommentDto, type CommentRow } from './comment-dto.ts';
import { requireCommenter, requireReadableArticle } from './comment-rules.ts';

const PER_MINUTE = 5;

async function commentOr404(db: Db, id: number): Promise<CommentRow> {
  const [row] = await db.select().from(comments).where(eq(comments.id, id));
  if (!row || row.deletedAt) throw new AppError('not_found', 'Comment not found');
  return row;
}

function asAuthorView(row: CommentRow, user: UserRow): Comment {
  return toCommentDto(row, user, user);
}

/** A new comment or reply, stored as plain text; at most 5 a minute per member. */
export async function postComment(db: Db, index: ContentIndex, articleId: number, viewer: UserRow | null, input: unknown): Promise<Comment> {
  const user = requireCommenter(viewer);
  requireReadableArticle(index, articleId, user);
  const { content, parentCommentId } = CreateCommentSchema.parse(input);
  if (parentCommentId) {
    const parent = await commentOr404(db, parentCommentId);
    if (parent.articleId !== articleId) throw new AppError('bad_request', 'The comment you are replying to belongs to another article.');
    if (parent.isHidden) throw new AppError('bad_request', 'You cannot reply to a hidden comment.');
  }
  await takeAttempt(db, [{ key: `comment:${user.id}`, max: PER_MINUTE, windowMs: 60_000 }], () => 'You are commenting too quickly. Please wait a minute and try again.');
  const [row] = await db.insert(comments).values({ articleId, userId: user.id, parentCommentId: parentCommentId ?? null, content }).returning();
  return asAuthorView(row!, user);
}

/** The author edits their own visible comment. */
export async function editComment(db: Db, viewer: UserRow | null, commentId: number, input: unknown): Promise<Comment> {
  const user = requireCommenter(viewer);
  const row = await commentOr404(db, commentId);
  if (row.userId !== user.id) throw new AppError('forbidden', 'You can only edit your own comments.');
  if (row.isHidden) throw new AppError('forbidden', 'A hidden comment cannot be edited.');
  const { content } = UpdateCommentSchema.parse(input);
  const [updated] = await db.update(comments).set({ content, updatedAt: sql`now()` }).where(eq(comments.id, commentId)).returning();
  return asAuthorView(updated!, user);
}

/** The author deletes their own visible comment; replies from others stay under a "deleted" marker. */
export async function deleteComment(db: Db, viewer: UserRow | null, commentId: number): Promise<void> {
  const user = requireCommenter(viewer);
  const row = await commentOr404(db, commentId);
  if (row.userId !== user.id) throw new AppError('forbidden', 'You can only delete your own comments.');
  if (row.isHidden) throw new AppError('forbidden', 'A hidden comment cannot be deleted.');
  await db.transaction(async (tx) => {
    const [reply] = await tx.select({ id: comments.id }).from(comments).where(eq(comments.parentCommentId, commentId)).limit(1);
    if (reply) await tx.update(comments).set({ deletedAt: sql`now()`, content: '' }).where(eq(comments.id, commentId));
    else await tx.delete(comments).where(eq(comments.id, commentId));
  });
}

/** An admin hides a visible comment with a reason (and optional notes), or shows it again. */
export async function setCommentHidden(db: Db, viewer: UserRow | null, commentId: number, hidden: boolean, input: unknown = {}): Promise<Comment> {
  const admin = requireAdmin(viewer);
  const row = await commentOr404(db, commentId);
  if (hidden && row.isHidden) throw new AppError('conflict', 'This comment is already hidden.');
  if (!hidden && !row.isHidden) throw new AppError('conflict', 'This comment is not hidden.');
  const { reason, notes } = hidden ? HideCommentSchema.parse(input) : { reason: null, notes: undefined };
  const [updated] = await db
    .update(comments)
    .set(
      hidden
        ? { isHidden: true, hiddenReason: reason, moderationNotes: notes ?? null, hiddenBy: admin.id, hiddenAt: sql`now()` }
        : { isHidden: false, hiddenReason: null, hiddenBy: null, hiddenAt: null },
    )
    .where(eq(comments.id, commentId))
    .returning();
  const [author] = await db.select().from(users).where(eq(users.id, updated!.userId));
  return toCommentDto(updated!, author!, admin);
}
