import type { Comment, HideCommentInput } from '@app/shared/schemas';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { moderateContent } from '../reports/moderate-content.ts';
import { toCommentDto } from './comment-dto.ts';
import { commentOr404 } from './comment-or-404.ts';

/**
 * The spec's POST /api/articles/comments/{id}/hide and /restore: staff hide a visible comment with
 * a reason (and optional notes), or show it again (`input` null) — through the one hide path, so
 * its open reports are closed as reviewed.
 */
export async function setCommentHidden(db: Db, caller: UserRow | null, commentId: number, input: HideCommentInput | null): Promise<Comment> {
  const staff = requirePermission(caller, 'moderate');
  const row = await commentOr404(db, commentId);
  const hidden = input !== null;
  if (hidden && row.isHidden) throw new AppError('conflict', 'This comment is already hidden.');
  if (!hidden && !row.isHidden) throw new AppError('conflict', 'This comment is not hidden.');
  await moderateContent(db, staff, 'comment', commentId, input ? { isHidden: true, reason: input.reason, notes: input.notes ?? null } : { isHidden: false });
  const updated = await commentOr404(db, commentId);
  const [author] = await db.select().from(users).where(eq(users.id, updated.userId));
  return toCommentDto(updated, author!, staff);
}
