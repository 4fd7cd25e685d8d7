import { integer, jsonb, pgSchema, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const app = pgSchema('app');

/** The last content read model loaded from the CMS, so the API can serve content while the CMS is down. */
export const contentSnapshots = app.table('content_snapshots', {
  id: integer('id').primaryKey(),
  data: jsonb('data').notNull(),
  version: text('version').notNull().default(''),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull(),
});

/** One static rebuild of the site (from a content change, the admin's button or a webhook). */
export const deployments = app.table('deployments', {
  id: serial('id').primaryKey(),
  trigger: text('trigger').notNull(),
  /** The content snapshot the build was made from (its pages show this version). */
  contentVersion: text('content_version'),
  status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] }).notNull(),
  log: text('log').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
