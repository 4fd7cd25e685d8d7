import { siteNameOf } from '../accounts/account-deps.ts';
import { mailToMember } from '../accounts/mail-to-member.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import type { FactorDeps } from './factor-deps.ts';
import { factorRemovedMail } from './factor-mails.ts';
import { deleteTotp, removeFactor } from './remove-factor.ts';

/** Turns the authenticator app off (password and a recent second factor); the member is mailed. */
export async function turnOffTotp(deps: FactorDeps, caller: SessionUser, password: string): Promise<{ message: string }> {
  await removeFactor(deps.db, caller, password, deleteTotp(caller.id));
  await mailToMember(deps, caller, factorRemovedMail(siteNameOf(deps), deps.publicUrl, 'authenticator'));
  return { message: 'The authenticator app is turned off.' };
}
