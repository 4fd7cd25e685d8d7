import { eq } from 'drizzle-orm';
import { passkeys, recoveryCodes, totpFactors, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { siteNameOf, type AccountDeps } from '../accounts/account-deps.ts';
import { mailToMember } from '../accounts/mail-to-member.ts';
import { requireDangerousPermission } from '../accounts/permissions.ts';
import { endAllSessions } from '../accounts/sessions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { factorResetMail } from './factor-mails.ts';

/**
 * An admin resets a locked-out member's second factor (issue 52 #5): their passkeys, authenticator
 * app and recovery codes go, every session of theirs ends, the reset is audited, and the member
 * is mailed. A dangerous action: the admin's own second factor must be recent. Not for oneself
 * (an admin who lost theirs asks another admin).
 */
export async function resetSecondFactor(deps: AccountDeps, caller: UserRow | null, userId: number): Promise<{ message: string }> {
  const admin = requireDangerousPermission(caller, 'administer');
  if (admin.id === userId) throw new AppError('bad_request', 'Ask another admin to reset your own second factor.');
  const member = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!row || row.deletedAt) throw new AppError('not_found', 'User not found');
    const keys = await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
    const totp = await tx.delete(totpFactors).where(eq(totpFactors.userId, userId)).returning({ confirmedAt: totpFactors.confirmedAt });
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await endAllSessions(tx, userId);
    await recordAudit(tx, { actorId: admin.id, action: 'user.second_factor_reset', targetUserId: userId, details: { passkeys: keys.length, authenticator: totp.some((t) => t.confirmedAt !== null) } });
    return row;
  });
  await mailToMember(deps, member, factorResetMail(siteNameOf(deps), deps.publicUrl));
  return { message: `${member.username}'s second factor was reset. They can sign in with their password and set up a new one.` };
}
