import { can, viewerOf } from '@app/shared/browser';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { commentKind } from '../moderation/kinds/comment.ts';
import { commentOr404 } from './comment-or-404.ts';
import { requireCommenter } from './comment-rules.ts';

/** The author deletes their own visible comment; replies from others stay under a "deleted" marker. */
export async function deleteComment(db: Db, caller: UserRow | null, commentId: number): Promise<void> {
  const user = requireCommenter(caller);
  const row = await commentOr404(db, commentId);
  // Only its author takes a comment's words back (as editing); moderators hide instead, which keeps the record.
  if (!can(viewerOf(user), 'edit', { authorId: row.userId })) throw new AppError('forbidden', 'You can only delete your own comments.');
  if (row.isHidden) throw new AppError('forbidden', 'A hidden comment cannot be deleted.');
  await db.transaction(async (tx) => {
    const [reply] = await tx.select({ id: comments.id }).from(comments).where(eq(comments.parentCommentId, commentId)).limit(1);
    if (reply) await tx.update(comments).set({ deletedAt: sql`now()`, content: '' }).where(eq(comments.id, commentId));
    else await tx.delete(comments).where(eq(comments.id, commentId));
    // Its words are gone either way: so are the reports about them.
    await commentKind.forget(tx, [commentId]);
  });
}
