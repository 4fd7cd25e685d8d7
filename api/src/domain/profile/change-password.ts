import { siteNameOf } from '../accounts/account-deps.ts';
import type { ChangePasswordInput } from '@app/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { mailToMember } from '../accounts/mail-to-member.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { requireUser } from '../accounts/permissions.ts';
import { endAllSessions } from '../accounts/sessions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { checkCurrentPassword } from './check-current-password.ts';
import { passwordChangedMail } from './profile-mails.ts';
import type { ProfileDeps } from './profile-deps.ts';

export const PASSWORD_CHANGED = 'Your password has been changed. Every other device has been signed out.';

/**
 * POST /api/profile/password: with the current password, sets a new one (6–100 characters, as at
 * sign-up), ends every other session of the member (their chat sockets close at their next message,
 * which re-reads the session) and voids every pending change of address (a link someone asked for
 * with the old password must not outlive it), and tells them by mail. This browser stays signed in.
 */
export async function changePassword(deps: Pick<ProfileDeps, 'db' | 'mailer' | 'logger' | 'publicUrl' | 'siteName'>, caller: UserRow | null, currentSessionHash: string, input: ChangePasswordInput): Promise<{ message: string }> {
  const user = requireUser(caller);
  await checkCurrentPassword(deps.db, user, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    await endAllSessions(tx, user.id, currentSessionHash);
  });
  void mailToMember(deps, user, passwordChangedMail(siteNameOf(deps), deps.publicUrl));
  return { message: PASSWORD_CHANGED };
}
