import { PASSKEY_CHALLENGE_MS } from '@app/shared/browser';
import { generateAuthenticationOptions, generateRegistrationOptions, type PublicKeyCredentialCreationOptionsJSON, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passkeys } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { siteNameOf } from '../accounts/account-deps.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { authorName } from '../accounts/author-name.ts';
import { createChallenge, type ChallengePurpose } from './challenges.ts';
import { relyingPartyOf, type FactorDeps } from './factor-deps.ts';
import { requireRecentSecondFactor } from './step-up.ts';

const TIMEOUT_MS = 60_000;

const keysOf = (db: Db, userId: number) => db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));

/**
 * Options for making a passkey (navigator.credentials.create): a discoverable credential for
 * PUBLIC_URL's host, none the member already has. A member who already has a factor proves it
 * first (as for an authenticator app).
 */
export async function passkeyRegistrationOptions(deps: FactorDeps, caller: SessionUser, sessionIdHash: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
  if (caller.hasSecondFactor) requireRecentSecondFactor(caller);
  const { token } = await createChallenge(deps.db, { purpose: 'passkey-register', userId: caller.id, sessionIdHash, ttlMs: PASSKEY_CHALLENGE_MS });
  return generateRegistrationOptions({
    rpName: siteNameOf(deps),
    rpID: relyingPartyOf(deps.publicUrl).id,
    userName: caller.username,
    userDisplayName: authorName(caller),
    // The user handle names the member to their authenticator; an id, never an address.
    userID: new TextEncoder().encode(`member-${caller.id}`),
    challenge: token,
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: await keysOf(deps.db, caller.id),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
}

/**
 * Options for signing with a passkey (navigator.credentials.get):
 * - `passkey-sign-in`: signing in with a passkey alone — no credentials listed, so the browser's
 *   account picker offers the site's passkeys; user verification is required (the passkey is
 *   both factors);
 * - `passkey-second-step`: the pending sign-in's member's passkeys;
 * - `passkey-verify`: a signed-in member passing their factor again (a step-up).
 */
export async function passkeyAuthenticationOptions(deps: FactorDeps, purpose: Exclude<ChallengePurpose, 'passkey-register' | 'second-step'>, who: { userId: number; sessionIdHash?: string } | null): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allow = who ? await keysOf(deps.db, who.userId) : [];
  if (who && allow.length === 0) throw new AppError('bad_request', 'This account has no passkey. Use a code instead.');
  const { token } = await createChallenge(deps.db, { purpose, userId: who?.userId ?? null, sessionIdHash: who?.sessionIdHash ?? null, ttlMs: PASSKEY_CHALLENGE_MS });
  return generateAuthenticationOptions({
    rpID: relyingPartyOf(deps.publicUrl).id,
    challenge: token,
    timeout: TIMEOUT_MS,
    allowCredentials: allow,
    userVerification: purpose === 'passkey-sign-in' ? 'required' : 'preferred',
  });
}
