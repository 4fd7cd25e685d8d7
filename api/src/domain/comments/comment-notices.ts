import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { Db, Tx } from '../../db/client.ts';
import { commentNotices, comments, users } from '../../db/schema/index.ts';
import type { ContentReadModel } from '../content/content-read-model.ts';
import { mentionedMembersOf, nameOf, notifyAll, type NotifyInput } from '../notifications/notify.ts';

/** Notices one drain takes at once (one transaction); more wait for the next. */
const BATCH = 200;
/** How often an instance looks for notices left behind (an instance that stopped mid-drain, a failed drain's retry). */
const SWEEP_EVERY_MS = 5000;
/** A drain that fails is tried again after 2 s, 4 s, 8 s …; past this many tries the notice is given up (and logged). */
const MAX_TRIES = 6;

/**
 * Telling about comments (issue 53 #3): a reply's author and the members a comment names hear of
 * it from here, not from the comment's own request. The comment's statement writes a notice beside
 * the comment (post-comment.ts); `told` then waits for a drain that takes notices after it (the
 * one under way, when it has not taken its notices yet), which takes every waiting notice at once,
 * in one transaction (notifyAll: the recipients, their locks and their hour read once for the whole
 * batch); under load, many replies share a drain. A comment's request asks for a drain with `soon`
 * and answers without waiting for it (session 39): its notice was saved with it, so the members it
 * tells hear of it moments later (their socket's push, their notifications page), whatever becomes
 * of this instance — unless a whole batch is waiting already, when the request waits for its drain.
 * Notices left behind (an instance stopped, a drain failed) are swept up every few seconds by
 * whichever instance claims them first (FOR UPDATE SKIP LOCKED).
 */
export type CommentNotices = {
  /** Resolves once a drain that took its notices after this call has ended (its notices told, or left for a retry). */
  told(): Promise<void>;
  /**
   * A drain for a notice just committed, without waiting for it: resolves at once, or, when a whole
   * batch (BATCH) is waiting for drains already, as `told` does — a drain that falls behind holds
   * the requests back rather than letting notices pile up.
   */
  soon(): Promise<void>;
  /** One drain now (of the notices at least `olderThanMs` old); the number it took. */
  drain(olderThanMs?: number): Promise<number>;
  /** Stops the sweep and waits for a drain under way. */
  close(): Promise<void>;
};

export function createCommentNotices(deps: { db: Db; content: ContentReadModel; logger: Pick<Logger, 'warn' | 'error'> }): CommentNotices {
  const { db, logger } = deps;
  let waiting: (() => void)[] = [];
  /** The round whose drain has not yet taken its notices: a request told now is in it (its notice is committed). */
  let joinable: (() => void)[] | null = null;
  let running: Promise<void> | null = null;
  let closed = false;

  async function rounds() {
    while (waiting.length > 0) {
      const these = waiting;
      waiting = [];
      joinable = these;
      // Drained until a round takes less than a whole batch: what was waiting is then in one.
      let taken: number;
      do taken = await drainOrLog();
      while (taken === BATCH);
      for (const resolve of these) resolve();
    }
    running = null;
  }

  function told(): Promise<void> {
    return new Promise((resolve) => {
      (joinable ?? waiting).push(resolve);
      running ??= rounds();
    });
  }

  function soon(): Promise<void> {
    const pending = waiting.length + (joinable?.length ?? 0);
    const done = told();
    return pending >= BATCH ? done : Promise.resolve();
  }

  async function drainOrLog(olderThanMs = 0): Promise<number> {
    try {
      return await drain(olderThanMs);
    } catch (err) {
      logger.warn({ err }, 'could not tell members about comments; trying again shortly');
      return 0;
    }
  }

  async function drain(olderThanMs = 0): Promise<number> {
    let taken: number[] = [];
    try {
      return await db.transaction(async (tx) => {
        // From here a request told waits for the next drain: this one's statement may have begun before its notice was committed.
        joinable = null;
        const { rows } = await tx.execute<{ comment_id: number }>(
          sql`delete from ${commentNotices} where comment_id in (select comment_id from ${commentNotices} where retry_at <= now() and created_at <= now() - ${olderThanMs} * interval '1 millisecond' order by comment_id limit ${BATCH} for update skip locked) returning comment_id`,
        );
        taken = rows.map((r) => r.comment_id);
        // Their comments read by their ids, apart: joined to the notices in the same statement, a
        // comments table whose statistics were minutes old was scanned whole at every drain (session 36).
        if (taken.length > 0) await notifyAll(tx, await noticesOf(tx, deps.content, taken));
        return taken.length;
      });
    } catch (err) {
      if (taken.length > 0) await later(taken).catch((e: unknown) => logger.warn({ err: e }, 'could not put comment notices back for a retry'));
      throw err;
    }
  }

  /** The notices of a drain that failed: tried again after a growing wait, and given up past MAX_TRIES. */
  async function later(ids: number[]) {
    await db.execute(sql`update ${commentNotices} set tries = tries + 1, retry_at = now() + power(2, tries + 1) * interval '1 second' where comment_id in (select unnest(${sql.param(ids)}::int[]))`);
    const given = await db.execute<{ comment_id: number }>(sql`delete from ${commentNotices} where comment_id in (select unnest(${sql.param(ids)}::int[])) and tries >= ${MAX_TRIES} returning comment_id`);
    if (given.rows.length > 0) logger.error({ comments: given.rows.map((r) => r.comment_id) }, 'gave up telling members about these comments');
  }

  // Another instance's notices are its own to drain for its waiting requests: the sweep takes only
  // those a whole sweep period old.
  const sweep = setInterval(() => {
    if (!closed) running ??= drainOrLog(SWEEP_EVERY_MS).then(() => rounds());
  }, SWEEP_EVERY_MS);
  sweep.unref();

  return {
    told,
    soon,
    drain,
    async close() {
      closed = true;
      clearInterval(sweep);
      await running;
    },
  };
}

/** What each comment tells, in the comments' order: the author it replies to, then those it names (not the replied-to again). */
async function noticesOf(tx: Tx, content: ContentReadModel, ids: number[]): Promise<NotifyInput[]> {
  const parent = alias(comments, 'parent');
  const rows = await tx
    .select({ comment: { id: comments.id, articleId: comments.articleId, content: comments.content, userId: comments.userId }, author: { username: users.username, displayName: users.displayName }, repliedTo: parent.userId })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .leftJoin(parent, and(eq(parent.id, comments.parentCommentId), isNull(parent.deletedAt)))
    .where(and(inArray(comments.id, ids), isNull(comments.deletedAt), eq(comments.isHidden, false)))
    .orderBy(comments.id);
  const mentioned = await mentionedMembersOf(tx, rows.map((r) => r.comment.content));
  const index = content.current();
  return rows.flatMap(({ comment, author, repliedTo }, i) => {
    const article = index.articles.get(comment.articleId);
    // An article gone from the site since (unpublished): no one is sent to it.
    if (!article) return [];
    const title = article.summary.title;
    // The comment itself (issue 47 #13): the comments island scrolls to it and marks it.
    const common = { actorId: comment.userId, url: `/articles/${comment.articleId}#comment-${comment.id}`, place: `article:${comment.articleId}`, about: { membershipRequired: article.summary.membershipRequired } };
    const named = mentioned[i]!.filter((id) => id !== repliedTo);
    return [
      ...(repliedTo !== null ? [{ ...common, kind: 'reply' as const, recipients: [repliedTo], text: `${nameOf(author)} replied to your comment on “${title}”` }] : []),
      { ...common, kind: 'mention' as const, recipients: named, text: `${nameOf(author)} mentioned you in a comment on “${title}”` },
    ];
  });
}
