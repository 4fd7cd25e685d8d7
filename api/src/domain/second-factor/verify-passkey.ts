import type { PasskeyAnswerInput } from '@app/shared/schemas';
import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import { and, eq, sql } from 'drizzle-orm';
import { passkeys, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { statusRefusal } from '../accounts/login.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { takeChallenge, type Challenge, type ChallengePurpose } from './challenges.ts';
import { BAD_PASSKEY_ANSWER, challengeOf } from './client-data.ts';
import { relyingPartyOf, type FactorDeps } from './factor-deps.ts';

export const PASSKEY_EXPIRED = 'This passkey request has expired or was already used. Please try again.';
export const PASSKEY_REFUSED = "That passkey wasn't accepted. Please try again, or use a code.";

/**
 * Checks a signed answer to one of our passkey challenges, as WebAuthn says: the challenge is
 * ours, live and used now (a replay finds it used), the credential is registered — to the
 * challenge's member when it names one (another member's credential is refused) — the origin and
 * relying party are PUBLIC_URL's, the signature verifies with the stored key, and the signature
 * counter moved on (a cloned authenticator is refused). Then the counter and "last used" are kept.
 * `check` may refuse the challenge (a pending sign-in of another browser, another session's step-up).
 * Answers the member and the challenge.
 */
export async function passPasskey(deps: FactorDeps, input: PasskeyAnswerInput, purpose: Exclude<ChallengePurpose, 'passkey-register' | 'second-step'>, check: (c: Challenge) => boolean = () => true): Promise<{ user: UserRow; challenge: Challenge }> {
  const { response } = input;
  const { token, encoded } = challengeOf(response.response.clientDataJSON);
  const challenge = await takeChallenge(deps.db, token, purpose);
  if (!challenge || !check(challenge)) throw new AppError('unauthorized', PASSKEY_EXPIRED);
  const [key] = await deps.db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  if (!key || (challenge.userId !== null && key.userId !== challenge.userId)) throw new AppError('unauthorized', PASSKEY_REFUSED);
  const rp = relyingPartyOf(deps.publicUrl);
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: encoded,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: key.credentialId, publicKey: Buffer.from(key.publicKey, 'base64url'), counter: key.counter, transports: key.transports as never },
      requireUserVerification: purpose === 'passkey-sign-in',
    });
  } catch (err) {
    deps.logger.info({ err: (err as Error).message }, 'passkey answer refused');
    throw new AppError(/counter/i.test((err as Error).message) ? 'unauthorized' : 'bad_request', /counter/i.test((err as Error).message) ? PASSKEY_REFUSED : BAD_PASSKEY_ANSWER);
  }
  if (!verified.verified) throw new AppError('unauthorized', PASSKEY_REFUSED);
  // Counters only move forward: a parallel answer with the same counter loses here.
  const kept = await deps.db
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: sql`now()` })
    .where(and(eq(passkeys.id, key.id), eq(passkeys.counter, key.counter)))
    .returning({ id: passkeys.id });
  if (kept.length === 0) throw new AppError('unauthorized', PASSKEY_REFUSED);
  const [user] = await deps.db.select().from(users).where(eq(users.id, key.userId));
  if (!user || user.deletedAt) throw new AppError('unauthorized', PASSKEY_REFUSED);
  const refusal = statusRefusal(user.accountStatus);
  if (refusal) throw new AppError('forbidden', refusal);
  return { user, challenge };
}
