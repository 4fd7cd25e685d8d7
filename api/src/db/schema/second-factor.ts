import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { app } from './content.ts';

/**
 * A member's passkeys (WebAuthn credentials, issue 52): the credential id the authenticator
 * chose (base64url, unique across the site: one credential names one member), its COSE public key,
 * the signature counter the specification asks us to check, and how the browser reaches it.
 */
export const passkeys = app.table(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** What the member calls it ("Laptop", "Phone"). */
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * A member's authenticator app (TOTP, RFC 6238). The secret is stored encrypted (AES-256-GCM under a
 * key derived from the internal secret) and never leaves the API after setup. `confirmedAt` is null
 * while the member is setting it up (the QR code shown, no code typed yet). `lastStep` is the last
 * time step a code was accepted for: a step at or before it is refused, so each code works once.
 */
export const totpFactors = app.table('totp_factors', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Recovery codes, stored by their SHA-256 (each is 50 random bits), each usable once. */
export const recoveryCodes = app.table(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_idx').on(t.userId, t.codeHash), index('recovery_codes_unused_idx').on(t.userId).where(sql`${t.usedAt} is null`)],
);

/**
 * Challenges that expire and work once: a WebAuthn challenge (registering a passkey, signing in
 * with one, a second step or a step-up), and a sign-in waiting for its second step (after the
 * password). Stored by the SHA-256 of the token the browser holds; the WebAuthn challenge itself
 * is random and only checked against what the authenticator signed.
 */
export const authChallenges = app.table(
  'auth_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose', { enum: ['passkey-register', 'passkey-sign-in', 'passkey-second-step', 'passkey-verify', 'second-step'] }).notNull(),
    /** Whose it is: null for a passkey sign-in (the authenticator says who). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The session it belongs to (registering, a step-up), by its id hash. */
    sessionIdHash: text('session_id_hash'),
    challenge: text('challenge'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('auth_challenges_expires_idx').on(t.expiresAt)],
);

/** Browsers a member has signed in from (by the SHA-256 of a long-lived cookie): a sign-in from another one is mailed to them. */
export const knownBrowsers = app.table(
  'known_browsers',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    browserHash: text('browser_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('known_browsers_user_browser_idx').on(t.userId, t.browserHash)],
);
