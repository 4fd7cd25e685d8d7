import type { StepTime } from '@app/shared/browser';
import { date, index, integer, jsonb, pgSchema, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const app = pgSchema('app');

/** The last content read model loaded from the CMS, so the API can serve content while the CMS is down. */
export const contentSnapshots = app.table('content_snapshots', {
  id: integer('id').primaryKey(),
  data: jsonb('data').notNull(),
  version: text('version').notNull().default(''),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull(),
});

/** One static rebuild of the site (from a content change, the admin's button or a webhook), or a rollback to an earlier build. */
export const deployments = app.table('deployments', {
  id: serial('id').primaryKey(),
  /** What asked for it, in words ("content 3f2a…, admin"); `kind` is the first asker's kind. */
  trigger: text('trigger').notNull(),
  kind: text('kind', { enum: ['admin', 'webhook', 'content', 'start', 'rollback'] }).notNull().default('content'),
  /** The admin who pressed Deploy (no foreign key: accounts.ts builds on this file). */
  actorId: integer('actor_id'),
  /** The source commit built, when a repository is configured. */
  commit: text('commit'),
  /** The content snapshot the build was made from (its pages show this version). */
  contentVersion: text('content_version'),
  /** rolled_back: the build or its health check failed and the previous build kept serving. */
  status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed', 'rolled_back'] }).notNull(),
  /** Services whose own code changed in this commit and need a restart ('api', 'cms'). */
  restartNeeded: jsonb('restart_needed').$type<string[]>().notNull().default([]),
  /** The supervisor's restart of those services: requested, restarting, restarted, failed, or not_supervised (nothing here can restart them). */
  restartStatus: text('restart_status', { enum: ['requested', 'restarting', 'restarted', 'failed', 'not_supervised'] }),
  /** What the supervisor said while restarting them, one line each. */
  restartLog: text('restart_log').notNull().default(''),
  log: text('log').notNull().default(''),
  /** The site build (site-builds.ts) this deployment made live: a rollback makes it live again. */
  buildId: text('build_id'),
  /** How long each step took. */
  steps: jsonb('steps').$type<StepTime[]>().notNull().default([]),
  /** A rollback: the deployment whose build it made live again, and the one live before it. */
  rollbackTo: integer('rollback_to'),
  rollbackFrom: integer('rollback_from'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * Reading numbers without tracking people (issue 39): how many times each article was read on each
 * day (UTC), and nothing about who read it — no address, cookie or identifier is stored anywhere.
 * No foreign key: articles live in the CMS; a deleted article's days stay in the totals.
 */
export const articleViews = app.table(
  'article_views',
  {
    articleId: integer('article_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.day] }), index('article_views_day_idx').on(t.day)],
);
