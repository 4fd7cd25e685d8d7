import { sql } from 'drizzle-orm';
import { mentionedUsernames } from '@app/shared/browser';
import type { Comment, CreateCommentInput } from '@app/shared/schemas';
import type { Db } from '../../db/client.ts';
import { statement } from '../../db/prepared.ts';
import { commentNotices, comments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentIndex } from '../content/content-index.ts';
import { limitValues, takeAttemptPlaceholders, withLimit, type LimitRule } from '../rate-limit/attempts.ts';
import type { CommentNotices } from './comment-notices.ts';
import { toCommentDto } from './comment-dto.ts';
import { commentOr404 } from './comment-or-404.ts';
import { requireReadableArticle } from '../content/require-readable-article.ts';
import { requireCommenter } from './comment-rules.ts';

const PER_MINUTE = 5;
const TOO_QUICK = () => 'You are commenting too quickly. Please wait a minute and try again.';

// The statement that saves a comment, in its three shapes, built once (issue 53 #3).
const values = sql`${sql.placeholder('articleId')}::integer, ${sql.placeholder('userId')}::integer, ${sql.placeholder('parentId')}::integer, ${sql.placeholder('content')}::text`;
function saving(shape: 'plain' | 'naming' | 'reply') {
  // A reply's row comes only from a parent that may take it; none: the reasons are read below.
  const source =
    shape === 'reply'
      ? sql`select ${values} from ${comments} p where p.id = ${sql.placeholder('parentId')} and p.article_id = ${sql.placeholder('articleId')} and not p.is_hidden and p.deleted_at is null`
      : sql`select ${values}`;
  const notice = shape === 'plain' ? sql`` : sql`, n as (insert into ${commentNotices} (comment_id) select id from c)`;
  return statement<{ id: number; created_at: Date }>(
    sql`with c as (insert into ${comments} (article_id, user_id, parent_comment_id, content) ${source} returning id, created_at)${notice} select c.id, c.created_at, ${takeAttemptPlaceholders} from c`,
  );
}
const save = { plain: saving('plain'), naming: saving('naming'), reply: saving('reply') };

/**
 * A new comment or reply, stored as plain text; at most 5 a minute per member. The row, the limit
 * and, when it tells someone (a reply, an @name), its notice in one statement, its own transaction
 * (issue 53 #3: a reply took eleven round trips, a plain comment one). A refusal takes them all
 * back. A reply's parent is checked in the same statement: it must be on this article, visible and
 * not deleted; prepared, so planned once per connection. The notifications are written by the
 * comment-notices drain moments after this answers (CommentNotices.soon).
 */
export async function postComment(deps: { db: Db; notices: CommentNotices }, index: ContentIndex, articleId: number, caller: UserRow | null, input: CreateCommentInput): Promise<Comment> {
  const { db } = deps;
  const user = requireCommenter(caller);
  requireReadableArticle(index, articleId, user);
  const { content } = input;
  const parentId = input.parentCommentId ?? null;
  const shape = parentId !== null ? 'reply' : mentionedUsernames(content).length > 0 ? 'naming' : 'plain';
  const limit: LimitRule[] = [{ key: `comment:${user.id}`, max: PER_MINUTE, windowMs: 60_000 }];
  const rows = await withLimit(save[shape](db, { articleId, userId: user.id, parentId, content, ...limitValues(limit) }), TOO_QUICK);
  if (rows.length === 0) throw await refusedParent(db, parentId!, articleId);
  const createdAt = rows[0]!.created_at;
  const row = { id: rows[0]!.id, articleId, userId: user.id, parentCommentId: parentId, content, createdAt, updatedAt: createdAt, isHidden: false, hiddenReason: null, moderationNotes: null, hiddenBy: null, hiddenAt: null, deletedAt: null };
  // Whoever it tells hears of it moments later (their socket, their notifications page); a drain
  // that has fallen a whole batch behind makes this wait for it.
  if (shape !== 'plain') await deps.notices.soon();
  return toCommentDto(row, user, user);
}

/** Why a reply's parent took no reply: gone (404, thrown), on another article, or hidden. */
async function refusedParent(db: Db, parentId: number, articleId: number): Promise<AppError> {
  const parent = await commentOr404(db, parentId);
  if (parent.articleId !== articleId) return new AppError('bad_request', 'The comment you are replying to belongs to another article.');
  if (parent.isHidden) return new AppError('bad_request', 'You cannot reply to a hidden comment.');
  // Changed between the two reads: as if it were gone.
  return new AppError('not_found', 'Comment not found');
}
