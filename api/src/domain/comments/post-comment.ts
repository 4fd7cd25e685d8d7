import { sql } from 'drizzle-orm';
import { mentionedUsernames } from '@app/shared/browser';
import type { Comment, CreateCommentInput } from '@app/shared/schemas';
import type { Db } from '../../db/client.ts';
import { comments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentIndex } from '../content/content-index.ts';
import { takeAttempt, takeAttemptCall, withLimit, type LimitRule } from '../rate-limit/attempts.ts';
import { toCommentDto } from './comment-dto.ts';
import { commentOr404 } from './comment-or-404.ts';
import { requireReadableArticle } from '../content/require-readable-article.ts';
import { requireCommenter } from './comment-rules.ts';
import { mentionedMembers, nameOf, notify } from '../notifications/notify.ts';

const PER_MINUTE = 5;
const TOO_QUICK = () => 'You are commenting too quickly. Please wait a minute and try again.';

/** A new comment or reply, stored as plain text; at most 5 a minute per member. */
export async function postComment(db: Db, index: ContentIndex, articleId: number, caller: UserRow | null, input: CreateCommentInput): Promise<Comment> {
  const user = requireCommenter(caller);
  const article = requireReadableArticle(index, articleId, user);
  const { content, parentCommentId } = input;
  let parent: Awaited<ReturnType<typeof commentOr404>> | null = null;
  if (parentCommentId) {
    parent = await commentOr404(db, parentCommentId);
    if (parent.articleId !== articleId) throw new AppError('bad_request', 'The comment you are replying to belongs to another article.');
    if (parent.isHidden) throw new AppError('bad_request', 'You cannot reply to a hidden comment.');
  }
  const limit: LimitRule[] = [{ key: `comment:${user.id}`, max: PER_MINUTE, windowMs: 60_000 }];
  // A comment that tells no one (no reply, no @name): the row and the limit in one statement, its
  // own transaction (issue 53 #3: one round trip instead of five). A refusal takes the row back.
  if (!parent && mentionedUsernames(content).length === 0) {
    const { rows } = await withLimit(
      db.execute<{ id: number; created_at: string | Date }>(
        sql`with c as (insert into ${comments} (article_id, user_id, content) values (${articleId}, ${user.id}, ${content}) returning id, created_at) select c.id, c.created_at, ${takeAttemptCall(limit)} from c`,
      ),
      TOO_QUICK,
    );
    const createdAt = new Date(rows[0]!.created_at);
    const row = { id: rows[0]!.id, articleId, userId: user.id, parentCommentId: null, content, createdAt, updatedAt: createdAt, isHidden: false, hiddenReason: null, moderationNotes: null, hiddenBy: null, hiddenAt: null, deletedAt: null };
    return toCommentDto(row, user, user);
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(comments).values({ articleId, userId: user.id, parentCommentId: parentCommentId ?? null, content }).returning();
    // Those who may read the article hear of it (issue 37): the author replied to, then those named.
    const title = article.summary.title;
    // The comment itself (issue 47 #13): the comments island scrolls to it and marks it.
    const url = `/articles/${articleId}#comment-${row!.id}`;
    const place = `article:${articleId}`;
    const about = { membershipRequired: article.summary.membershipRequired };
    const repliedTo = parent && !parent.deletedAt ? parent.userId : null;
    if (repliedTo) await notify(tx, { kind: 'reply', recipients: [repliedTo], actorId: user.id, text: `${nameOf(user)} replied to your comment on “${title}”`, url, place, about });
    const named = (await mentionedMembers(tx, content)).filter((id) => id !== repliedTo);
    await notify(tx, { kind: 'mention', recipients: named, actorId: user.id, text: `${nameOf(user)} mentioned you in a comment on “${title}”`, url, place, about });
    // The limit in the comment's own transaction (issue 53 #3: one BEGIN and COMMIT, not two), and
    // last: its lock must be held until the commit (the member's next comment counts this one), so
    // it is taken when only the commit is left, never while waiting on a recipient's lock. A
    // refusal rolls back the comment and its notifications; a comment that fails counts no attempt.
    await takeAttempt(tx, limit, TOO_QUICK);
    return toCommentDto(row!, user, user);
  });
}
