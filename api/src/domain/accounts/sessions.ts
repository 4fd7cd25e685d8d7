import { deviceName } from './device-name.ts';
import { hash, randomBytes } from 'node:crypto';
import { isStaff } from '@app/shared/browser';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { SessionInfo } from '@app/shared/schemas';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { emailTokens, passkeys, sessions, totpFactors, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionCache } from './session-cache.ts';
import type { UserRow } from './user-dto.ts';

const DAY = 24 * 60 * 60 * 1000;
/** Members: sliding 30 days. Staff (moderators and admins): 12 hours from sign-in, no sliding. */
export const MEMBER_SESSION_MS = 30 * DAY;
export const STAFF_SESSION_MS = 12 * 60 * 60 * 1000;
/** `last_seen` moves at most this often (the update's own condition says the same minute). */
const TOUCH_EVERY_MS = 60 * 1000;

// One call, no Hash object per request (the session is looked up by this on every signed-in read).
export const hashToken = (token: string) => hash('sha256', token, 'hex');
/** The id shown to the owner when listing sessions: a prefix of the hash, never the secret. */
const publicId = (idHash: string) => idHash.slice(0, 16);

export type SessionMeta = { userAgent?: string | null; ip?: string | null };
/**
 * The member behind a session, as a caller: their row, whether they have a second factor, and
 * whether (and when) this session passed one — `can` reads `secondFactorVerified` (staff powers
 * wait for it), dangerous actions `secondFactorAt` (domain/second-factor/step-up.ts).
 */
export type SessionUser = UserRow & { hasSecondFactor: boolean; secondFactorVerified: boolean; secondFactorAt: Date | null };
export type ActiveSession = { user: SessionUser; idHash: string; expiresAt: Date };

/** Whether the member has a passkey or a confirmed authenticator app. */
export const hasSecondFactorSql = (userId: typeof users.id | number) =>
  sql<boolean>`(exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId}) or exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${userId} and ${totpFactors.confirmedAt} is not null))`;

/** A session starts with a second factor when the sign-in passed one (the second step, a passkey). */
export async function createSession(db: Db, user: UserRow, meta: SessionMeta & { secondFactor?: boolean }): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + (isStaff(user.role) ? STAFF_SESSION_MS : MEMBER_SESSION_MS));
  await db.insert(sessions).values({
    idHash: hashToken(token),
    userId: user.id,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
    secondFactorAt: meta.secondFactor ? sql`now()` : null,
  });
  return { token, expiresAt };
}

/**
 * The session and its member by the cookie's hash, prepared (issue 53 #3): every state-changing request
 * reads it (the cache answers only reads), so its text is built once, not for every comment, post or order.
 */
const sessionQuery = preparedQuery((db) =>
  db
    .select({ session: sessions, user: users, hasSecondFactor: hasSecondFactorSql(users.id) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, sql.placeholder('idHash')), gt(sessions.expiresAt, sql`now()`)))
    .prepare('session_by_id_hash'),
);

/**
 * The session behind a cookie value, if it is live; slides a member's expiry forward. Staff
 * sessions end 12 hours after sign-in, also one that began before its member was made staff.
 * With a cache, a session read in the last minute is answered from memory (session-cache.ts keeps
 * revocation immediate); `last_seen` moves at most once a minute per session, on any instance.
 */
export async function resolveSession(db: Db, token: string | undefined, cache?: SessionCache | null): Promise<ActiveSession | null> {
  if (!token || token.length > 100) return null;
  const idHash = hashToken(token);
  const cached = cache?.get(idHash);
  if (cached) return staffExpired(cached.session.user, cached.createdAt) ? null : cached.session;
  const ticket = cache?.ticket() ?? 0;
  const [row] = await sessionQuery(db).execute({ idHash });
  if (!row) return null;
  if (staffExpired(row.user, row.session.createdAt)) return null;
  let expiresAt = row.session.expiresAt;
  if (Date.now() - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    const slide = !isStaff(row.user.role);
    if (slide) expiresAt = new Date(Date.now() + MEMBER_SESSION_MS);
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()`, ...(slide ? { expiresAt } : {}) })
      .where(and(eq(sessions.idHash, idHash), lt(sessions.lastSeenAt, sql`now() - interval '1 minute'`)));
  }
  const secondFactorAt = row.session.secondFactorAt;
  const user: SessionUser = { ...row.user, hasSecondFactor: row.hasSecondFactor, secondFactorVerified: secondFactorAt !== null, secondFactorAt };
  const session = { user, idHash, expiresAt };
  cache?.set(session, row.session.createdAt, ticket);
  return session;
}

const staffExpired = (user: UserRow, createdAt: Date) => isStaff(user.role) && Date.now() - createdAt.getTime() > STAFF_SESSION_MS;

/** The session passed a second factor now (a code, a recovery code, a passkey; a factor just set up). */
export async function markSecondFactor(db: Pick<Db, 'update'>, idHash: string): Promise<void> {
  await db.update(sessions).set({ secondFactorAt: sql`now()` }).where(eq(sessions.idHash, idHash));
}

export async function endSession(db: Db, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/**
 * Ends every session of the account (but `exceptIdHash`, the browser asking). This is how an owner
 * takes an account back — changing or resetting the password, signing out everywhere else — so it
 * also voids every pending change of address first: a link asked for by whoever held the account
 * must not outlive the recovery (issue 34). Pass the transaction when the caller has one.
 */
export async function endAllSessions(db: Pick<Db, 'update' | 'delete'>, userId: number, exceptIdHash?: string): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'change'), isNull(emailTokens.usedAt)));
  await db.delete(sessions).where(exceptIdHash ? and(eq(sessions.userId, userId), ne(sessions.idHash, exceptIdHash)) : eq(sessions.userId, userId));
}

export async function listSessions(db: Db, userId: number, currentIdHash: string): Promise<SessionInfo[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((s) => ({
    id: publicId(s.idHash),
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    userAgent: s.userAgent,
    device: deviceName(s.userAgent),
    current: s.idHash === currentIdHash,
  }));
}

/** Revokes one of the owner's own sessions, named by its public id. */
export async function revokeOwnSession(db: Db, userId: number, id: string): Promise<void> {
  if (!/^[0-9a-f]{16}$/.test(id)) throw new AppError('not_found', 'Session not found');
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), sql`left(${sessions.idHash}, 16) = ${id}`))
    .returning({ idHash: sessions.idHash });
  if (deleted.length === 0) throw new AppError('not_found', 'Session not found');
}
