import type { Comment, HideCommentInput } from '@app/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comments, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { toCommentDto } from './comment-dto.ts';
import { commentOr404 } from './comment-or-404.ts';

/** An admin hides a visible comment with a reason (and optional notes), or shows it again (`input` null). */
export async function setCommentHidden(db: Db, caller: UserRow | null, commentId: number, input: HideCommentInput | null): Promise<Comment> {
  const admin = requirePermission(caller, 'moderate');
  const row = await commentOr404(db, commentId);
  const hidden = input !== null;
  if (hidden && row.isHidden) throw new AppError('conflict', 'This comment is already hidden.');
  if (!hidden && !row.isHidden) throw new AppError('conflict', 'This comment is not hidden.');
  const [updated] = await db
    .update(comments)
    .set(
      input
        ? { isHidden: true, hiddenReason: input.reason, moderationNotes: input.notes ?? null, hiddenBy: admin.id, hiddenAt: sql`now()` }
        : { isHidden: false, hiddenReason: null, hiddenBy: null, hiddenAt: null },
    )
    .where(eq(comments.id, commentId))
    .returning();
  const [author] = await db.select().from(users).where(eq(users.id, updated!.userId));
  return toCommentDto(updated!, author!, admin);
}
