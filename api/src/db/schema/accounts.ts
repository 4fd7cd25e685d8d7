import { ACCOUNT_STATUSES, ROLES, TIERS } from '@app/shared/browser';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { app } from './content.ts';

export const users = app.table(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    displayName: text('display_name'),
    /** The profile picture: our media's 256 px square of an uploaded picture or of one fetched from an address the member gave (issue 34). */
    avatarUrl: text('avatar_url'),
    /** The avatar's 64 px square, for lists (comments, posts, chat). */
    avatarThumbUrl: text('avatar_thumb_url'),
    /** The avatar's name in the media store (both sizes are named from it), to remove it later. */
    avatarKey: text('avatar_key'),
    bio: text('bio'),
    /** The shareable profile at /members/{username} (a Pro perk), off until the member switches it on. */
    publicProfile: boolean('public_profile').notNull().default(false),
    /** Whether search engines may index that profile (noindex otherwise). */
    profileIndexable: boolean('profile_indexable').notNull().default(false),
    /**
     * When the member deleted their account: personal data is gone, their words in others' threads
     * show as from "Deleted member", and the username is held 30 days before anyone may take it.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    membershipTier: text('membership_tier', { enum: TIERS }).notNull().default('free'),
    role: text('role', { enum: ROLES }).notNull().default('member'),
    /** When the member confirmed their address (DESIGN §7.18): mail other than the confirmation waits for it. */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** Marked by staff as abusing reports: their reports no longer count towards hiding anything. */
    reportsIgnoredAt: timestamp('reports_ignored_at', { withTimezone: true }),
    accountStatus: text('account_status', { enum: ACCOUNT_STATUSES }).notNull().default('active'),
    statusReason: text('status_reason'),
    moderationNotes: text('moderation_notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Usernames are unique regardless of case; sign-in still matches them exactly.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    // An address belongs to one account once confirmed (DESIGN §7.18). Until then several sign-ups
    // may name it, so signing up never reveals whether an address is registered.
    uniqueIndex('users_confirmed_email_idx').on(t.email).where(sql`${t.emailConfirmedAt} is not null`),
    index('users_email_idx').on(t.email),
  ],
);

/** Sessions are stored by the SHA-256 of their 256-bit random id; the id itself is only in the cookie. */
export const sessions = app.table(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** When this session last passed a second factor (issue 52): staff powers need one, dangerous actions a recent one. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = app.table(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Failed sign-ins and reset requests, per key ("account:…", "ip:…", "reset:…"), for throttling. */
/**
 * Single-use links mailed to an address: confirming a new account's address, or a change of
 * address (the new address, confirmed before it replaces the old). Stored by the token's SHA-256.
 */
export const emailTokens = app.table(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm', 'change'] }).notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId)],
);

export const throttleEvents = app.table(
  'throttle_events',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('throttle_events_key_at_idx').on(t.key, t.at)],
);

export const auditLog = app.table(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_target_idx').on(t.targetUserId)],
);

/** Mail that was sent, or — without SMTP — kept here for the demo (and printed to the console). */
export const mailOutbox = app.table('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  /** The HTML part, when the mail has one (the newsletter). */
  html: text('html'),
  /** Headers the mail carried besides the usual ones (List-Unsubscribe on notification mails). */
  headers: jsonb('headers').$type<Record<string, string>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
