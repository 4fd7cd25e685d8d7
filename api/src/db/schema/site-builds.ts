import { bigint, index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { app } from './content.ts';

/**
 * The static builds published to object storage (@app/shared's published-builds.ts; README:
 * SITE_BUILDS_S3_*), one row per build once its files and manifest are all uploaded. The live build
 * is the row activated last (a new build, or a rollback activating a kept one); site servers read
 * it with the protocol's own queries and hear each activation on the `site_builds` channel. A row
 * goes when its build is pruned; its files go with it.
 */
export const siteBuilds = app.table(
  'site_builds',
  {
    /** The builder's id (`b<ms>`), as `deployments.build_id` records it. */
    buildId: text('build_id').primaryKey(),
    contentVersion: text('content_version').notNull(),
    /** Its immutable place in the bucket: `…site-builds/<content version>-<files' digest>/`. */
    prefix: text('prefix').notNull().unique(),
    /** The sha256 of the manifest's bytes: a site server refuses any other manifest. */
    manifestSha256: text('manifest_sha256').notNull(),
    files: integer('files').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
  },
  (t) => [index('site_builds_activated_at').on(t.activatedAt)],
);
