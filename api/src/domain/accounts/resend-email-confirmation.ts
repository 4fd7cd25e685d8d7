import { AppError } from '../../lib/app-error.ts';
import { takeAttempt, waitText } from '../rate-limit/attempts.ts';
import type { AccountDeps } from './account-deps.ts';
import { requireUser } from './permissions.ts';
import { sendEmailConfirmation } from './send-email-confirmation.ts';
import type { UserRow } from './user-dto.ts';

/** A signed-in member may ask for a new link 3 times an hour (each one replaces the last). */
export const RESENDS_PER_HOUR = 3;

/** Mails a new confirmation link to the signed-in member's address, if it is not confirmed yet. */
export async function resendEmailConfirmation(deps: AccountDeps, caller: UserRow | null): Promise<{ message: string }> {
  const user = requireUser(caller);
  if (user.emailConfirmedAt) throw new AppError('conflict', 'Your email address is already confirmed.');
  await takeAttempt(deps.db, [{ key: `confirm-mail:${user.id}`, max: RESENDS_PER_HOUR, windowMs: 60 * 60 * 1000 }], (s) => `You can ask for another confirmation email in ${waitText(s)}.`);
  await sendEmailConfirmation(deps, user);
  return { message: `We sent a new confirmation link to ${user.email}. It works for 24 hours.` };
}
