import type { AddPasskeyInput, RecoveryCodes } from '@app/shared/schemas';
import { verifyRegistrationResponse } from '@simplewebauthn/server';
import { passkeys } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { siteNameOf } from '../accounts/account-deps.ts';
import { mailToMember } from '../accounts/mail-to-member.ts';
import { markSecondFactor, type SessionUser } from '../accounts/sessions.ts';
import { takeChallenge } from './challenges.ts';
import { BAD_PASSKEY_ANSWER, challengeOf } from './client-data.ts';
import { relyingPartyOf, type FactorDeps } from './factor-deps.ts';
import { factorAddedMail } from './factor-mails.ts';
import { firstRecoveryCodes } from './first-recovery-codes.ts';
import { PASSKEY_EXPIRED } from './verify-passkey.ts';

export const PASSKEY_TAKEN = 'This passkey is already registered.';

/**
 * Adds a passkey from the browser's answer to our registration challenge (this session's, live,
 * used now): its attestation verified for PUBLIC_URL's origin and host, its credential id new to
 * the site. The session has passed a second factor now; a first factor comes with recovery codes.
 */
export async function addPasskey(deps: FactorDeps, caller: SessionUser, sessionIdHash: string, input: AddPasskeyInput): Promise<Partial<RecoveryCodes>> {
  const { token, encoded } = challengeOf(input.response.response.clientDataJSON);
  const challenge = await takeChallenge(deps.db, token, 'passkey-register');
  if (!challenge || challenge.userId !== caller.id || challenge.sessionIdHash !== sessionIdHash) throw new AppError('unauthorized', PASSKEY_EXPIRED);
  const rp = relyingPartyOf(deps.publicUrl);
  let verified;
  try {
    verified = await verifyRegistrationResponse({ response: input.response, expectedChallenge: encoded, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: false });
  } catch (err) {
    deps.logger.info({ err: (err as Error).message }, 'passkey registration refused');
    throw new AppError('bad_request', BAD_PASSKEY_ANSWER);
  }
  if (!verified.verified) throw new AppError('bad_request', BAD_PASSKEY_ANSWER);
  const { credential } = verified.registrationInfo;
  const codes = await deps.db.transaction(async (tx) => {
    const added = await tx.insert(passkeys).values({
      userId: caller.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? input.response.response.transports ?? [],
      name: input.name,
    }).onConflictDoNothing().returning({ id: passkeys.id });
    // A credential id names one member's passkey, once.
    if (added.length === 0) throw new AppError('conflict', PASSKEY_TAKEN);
    await markSecondFactor(tx, sessionIdHash);
    return firstRecoveryCodes(tx, caller.id);
  });
  await mailToMember(deps, caller, factorAddedMail(siteNameOf(deps), deps.publicUrl, 'passkey'));
  return codes ? { recoveryCodes: codes } : {};
}
