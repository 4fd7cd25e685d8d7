import { SAVED_LISTS } from '@app/shared/browser';
import type { SyncedVideoValues } from '@app/shared/browser';
import { index, integer, jsonb, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { app } from './content.ts';

/**
 * Favorites and watch later: a member's saved videos, by the CMS's video id. A video removed
 * from the CMS simply stops appearing (lists are read against the content read model).
 */
export const savedVideos = app.table(
  'saved_videos',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    list: text('list', { enum: SAVED_LISTS }).notNull(),
    videoId: integer('video_id').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.list, t.videoId] }), index('saved_videos_newest_idx').on(t.userId, t.list, t.savedAt)],
);

export const SYNC_STATUSES = ['running', 'succeeded', 'failed'] as const;

/** Every run of the channel sync, by an admin or the daily job. */
export const youtubeSyncs = app.table(
  'youtube_syncs',
  {
    id: serial('id').primaryKey(),
    trigger: text('trigger', { enum: ['manual', 'daily'] }).notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    channel: text('channel').notNull(),
    status: text('status', { enum: SYNC_STATUSES }).notNull().default('running'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    fetched: integer('fetched').notNull().default(0),
    added: integer('added').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    error: text('error'),
  },
  (t) => [index('youtube_syncs_started_idx').on(t.startedAt)],
);

/** What the last sync wrote for each channel video: a field that still reads so in the CMS is the sync's to update; anything else an editor changed. */
export const youtubeVideoState = app.table('youtube_video_state', {
  externalId: text('external_id').primaryKey(),
  videoId: integer('video_id').notNull(),
  values: jsonb('values').$type<SyncedVideoValues>().notNull(),
  syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
});
