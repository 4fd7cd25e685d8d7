import { siteNameOf } from '../accounts/account-deps.ts';
import { mailToMember } from '../accounts/mail-to-member.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import type { FactorDeps } from './factor-deps.ts';
import { factorRemovedMail } from './factor-mails.ts';
import { deletePasskey, removeFactor } from './remove-factor.ts';

/** Removes one of the member's passkeys (password and a recent second factor); another member's id is not found. */
export async function removePasskey(deps: FactorDeps, caller: SessionUser, passkeyId: number, password: string): Promise<{ message: string }> {
  await removeFactor(deps.db, caller, password, deletePasskey(caller.id, passkeyId));
  await mailToMember(deps, caller, factorRemovedMail(siteNameOf(deps), deps.publicUrl, 'passkey'));
  return { message: 'The passkey is removed.' };
}
