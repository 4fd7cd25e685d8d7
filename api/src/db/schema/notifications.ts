import { sql } from 'drizzle-orm';
import { boolean, index, integer, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { app } from './content.ts';

/**
 * What a member hears back about (issue 37): one row per recipient, theirs alone. `text` and `url`
 * are written when it happens (what the member is told, where it leads); `actor` is who did it.
 */
export const notifications = app.table(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reply', 'mention', 'order', 'report', 'membership'] }).notNull(),
    text: text('text').notNull(),
    url: text('url').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Shown in the app (the bell, /notifications): the member's setting for the kind is `app` or `both`. */
    inApp: boolean('in_app').notNull().default(true),
    /** Its mail (`email` or `both`): pending until the mail job sends it (or skips it: no confirmed address). */
    emailState: text('email_state', { enum: ['pending', 'sent', 'skipped'] }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_mail_idx').on(t.id).where(sql`${t.emailState} = 'pending'`),
  ],
);

/** A member's choices, one row once they change any; none: every kind in the app, no digest. */
export const notificationSettings = app.table('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reply: text('reply', { enum: ['app', 'email', 'both', 'off'] }).notNull().default('app'),
  mention: text('mention', { enum: ['app', 'email', 'both', 'off'] }).notNull().default('app'),
  order: text('order', { enum: ['app', 'email', 'both', 'off'] }).notNull().default('app'),
  report: text('report', { enum: ['app', 'email', 'both', 'off'] }).notNull().default('app'),
  membership: text('membership', { enum: ['app', 'email', 'both', 'off'] }).notNull().default('app'),
  digest: text('digest', { enum: ['off', 'daily', 'weekly'] }).notNull().default('off'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
