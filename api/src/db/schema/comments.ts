import { boolean, foreignKey, index, integer, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { app } from './content.ts';

/** Comments on articles. Articles live in the CMS, so article_id is a plain reference. */
export const comments = app.table(
  'comments',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id').notNull(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    parentCommentId: integer('parent_comment_id'),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    isHidden: boolean('is_hidden').notNull().default(false),
    hiddenReason: text('hidden_reason'),
    moderationNotes: text('moderation_notes'),
    hiddenBy: integer('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Set when the author deletes a comment that has replies: the replies stay, the text goes. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('comments_article_idx').on(t.articleId, t.createdAt),
    foreignKey({ columns: [t.parentCommentId], foreignColumns: [t.id] }).onDelete('cascade'),
  ],
);

/**
 * A comment whose telling is still to do (issue 53 #3): the author it replies to and the members it
 * names hear of it from the comment-notices drain (domain/comments/comment-notices.ts), which
 * takes many at once in one transaction. Written in the comment's own statement, so a comment that
 * is refused leaves none; one whose drain failed is tried again from `retry_at`.
 */
export const commentNotices = app.table('comment_notices', {
  commentId: integer('comment_id')
    .primaryKey()
    .references(() => comments.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  tries: integer('tries').notNull().default(0),
  retryAt: timestamp('retry_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Quiz results of signed-in readers: the best score per article is kept. */
export const quizResults = app.table(
  'quiz_results',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    articleId: integer('article_id').notNull(),
    correct: integer('correct').notNull(),
    total: integer('total').notNull(),
    points: integer('points').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('quiz_results_user_article_idx').on(t.userId, t.articleId)],
);
