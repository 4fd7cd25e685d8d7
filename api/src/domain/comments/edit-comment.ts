import { can, viewerOf } from '@app/shared/browser';
import type { Comment, UpdateCommentInput } from '@app/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { toCommentDto } from './comment-dto.ts';
import { commentOr404 } from './comment-or-404.ts';
import { requireCommenter } from './comment-rules.ts';

/** The author edits their own visible comment. */
export async function editComment(db: Db, caller: UserRow | null, commentId: number, input: UpdateCommentInput): Promise<Comment> {
  const user = requireCommenter(caller);
  const row = await commentOr404(db, commentId);
  if (!can(viewerOf(user), 'edit', { authorId: row.userId })) throw new AppError('forbidden', 'You can only edit your own comments.');
  if (row.isHidden) throw new AppError('forbidden', 'A hidden comment cannot be edited.');
  const [updated] = await db.update(comments).set({ content: input.content, updatedAt: sql`now()` }).where(eq(comments.id, commentId)).returning();
  return toCommentDto(updated!, user, user);
}
