import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authChallenges } from '../../db/schema/index.ts';
import { hashToken } from '../accounts/sessions.ts';

export type ChallengePurpose = (typeof authChallenges.$inferSelect)['purpose'];
export type Challenge = typeof authChallenges.$inferSelect;

/**
 * A challenge that expires and works once: 256 random bits, answered once and stored by their
 * SHA-256. A pending sign-in's is kept by the browser in a cookie; a WebAuthn challenge is the
 * token itself (the authenticator signs it, and the answer's clientDataJSON names it back).
 */
export async function createChallenge(db: Db, c: { purpose: ChallengePurpose; userId: number | null; sessionIdHash?: string | null; ttlMs: number }): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + c.ttlMs);
  // Forget challenges long past (each call does a little of the cleaning).
  await db.delete(authChallenges).where(lt(authChallenges.expiresAt, sql`now() - interval '1 day'`));
  await db.insert(authChallenges).values({ tokenHash: hashToken(token), purpose: c.purpose, userId: c.userId, sessionIdHash: c.sessionIdHash ?? null, expiresAt });
  return { token, expiresAt };
}

/** The live challenge behind a token, without using it up (a second step may take several tries). */
export async function peekChallenge(db: Db, token: string | undefined, purpose: ChallengePurpose): Promise<Challenge | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(and(eq(authChallenges.tokenHash, hashToken(token)), eq(authChallenges.purpose, purpose), isNull(authChallenges.usedAt), gt(authChallenges.expiresAt, sql`now()`)));
  return row ?? null;
}

/** Uses the challenge up: only the first caller gets it, and only while it is live. */
export async function takeChallenge(db: Pick<Db, 'update'>, token: string | undefined, purpose: ChallengePurpose): Promise<Challenge | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .update(authChallenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authChallenges.tokenHash, hashToken(token)), eq(authChallenges.purpose, purpose), isNull(authChallenges.usedAt), gt(authChallenges.expiresAt, sql`now()`)))
    .returning();
  return row ?? null;
}
