import type { Comment, CreateCommentInput } from '@app/shared/schemas';
import type { Db } from '../../db/client.ts';
import { comments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentIndex } from '../content/content-index.ts';
import { takeAttempt } from '../rate-limit/attempts.ts';
import { toCommentDto } from './comment-dto.ts';
import { commentOr404 } from './comment-or-404.ts';
import { requireReadableArticle } from '../content/require-readable-article.ts';
import { requireCommenter } from './comment-rules.ts';

const PER_MINUTE = 5;

/** A new comment or reply, stored as plain text; at most 5 a minute per member. */
export async function postComment(db: Db, index: ContentIndex, articleId: number, caller: UserRow | null, input: CreateCommentInput): Promise<Comment> {
  const user = requireCommenter(caller);
  requireReadableArticle(index, articleId, user);
  const { content, parentCommentId } = input;
  if (parentCommentId) {
    const parent = await commentOr404(db, parentCommentId);
    if (parent.articleId !== articleId) throw new AppError('bad_request', 'The comment you are replying to belongs to another article.');
    if (parent.isHidden) throw new AppError('bad_request', 'You cannot reply to a hidden comment.');
  }
  await takeAttempt(db, [{ key: `comment:${user.id}`, max: PER_MINUTE, windowMs: 60_000 }], () => 'You are commenting too quickly. Please wait a minute and try again.');
  const [row] = await db.insert(comments).values({ articleId, userId: user.id, parentCommentId: parentCommentId ?? null, content }).returning();
  return toCommentDto(row!, user, user);
}
