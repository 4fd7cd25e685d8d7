import { NEWSLETTER_CHOICES, NEWSLETTER_SEGMENTS, NOTIFICATION_KINDS } from '@app/shared/browser';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    text: text('text').notNull(),
    url: text('url').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Shown in the app (the bell, /notifications): the member's setting for the kind is `app` or `both`. */
    inApp: boolean('in_app').notNull().default(true),
    /**
     * Its mail (`email` or `both`): pending until the mail job sends it (or skips it: no confirmed
     * address); `held` past the member's mails an hour, for their next catch-up mail (issue 47 #1).
     */
    emailState: text('email_state', { enum: ['pending', 'sent', 'skipped', 'held'] }),
    /** Where a member's action happened (`article:{id}`, `room:{id}`, `bulletin`): their next ones there fold into this row. */
    place: text('place'),
    /** How many later ones were folded into this one ("and N more"; issue 47 #1). */
    more: integer('more').notNull().default(0),
    /** When one was last folded into it (null: never): a digest since then lists it again. */
    foldedAt: timestamp('folded_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    // A member's last hour, read under their lock before each new notification (folding and the caps).
    index('notifications_recent_idx').on(t.userId, t.createdAt),
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
  /** Staff's: a contributor submitted an article for review in the CMS (issue 47 #13). */
  review: text('review', { enum: ['app', 'email', 'both', 'off'] }).notNull().default('app'),
  digest: text('digest', { enum: ['off', 'daily', 'weekly'] }).notNull().default('off'),
  /** The creator's newsletter (issue 37 #8): sent to this member unless `off`. */
  newsletter: text('newsletter', { enum: NEWSLETTER_CHOICES }).notNull().default('on'),
  /** When the member's last digest round took them (their next digest lists what came after). */
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An article sent by email to a segment of members (issue 37 #8). Its recipients are fixed when
 * it is queued; the newsletter job works through them (newsletter_recipients) and keeps the counts.
 */
export const newsletters = app.table('newsletters', {
  id: serial('id').primaryKey(),
  articleId: integer('article_id').notNull(),
  /** The article's title when it was sent (the report outlives a renamed or removed article). */
  title: text('title').notNull(),
  segment: text('segment', { enum: NEWSLETTER_SEGMENTS }).notNull(),
  sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * One member's copy of a newsletter: `pending` until the job claims it (`sending`), then `sent`,
 * `failed` (the server refused it, or it was in flight when its sender died: never sent twice), or
 * `unsubscribed` (the member turned the newsletter off, or their account or address went away).
 */
export const newsletterRecipients = app.table(
  'newsletter_recipients',
  {
    newsletterId: integer('newsletter_id')
      .notNull()
      .references(() => newsletters.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['pending', 'sending', 'sent', 'failed', 'unsubscribed'] })
      .notNull()
      .default('pending'),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.newsletterId, t.userId] }), index('newsletter_recipients_pending_idx').on(t.newsletterId, t.userId).where(sql`${t.state} in ('pending', 'sending')`)],
);
