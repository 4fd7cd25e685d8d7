import { integer, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { app } from './content.ts';

/**
 * Preview links an admin withdrew (issue 47 #6): every link of the article signed at or before
 * `revokedAt` is refused; links made after it work. One row per article (no foreign key: articles
 * live in the CMS).
 */
export const previewLinkRevocations = app.table('preview_link_revocations', {
  articleId: integer('article_id').primaryKey(),
  revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }).notNull(),
  revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
});
