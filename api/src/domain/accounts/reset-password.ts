import type { ResetPasswordInput } from '@app/shared/schemas';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AccountDeps } from './account-deps.ts';
import { confirmIfUnclaimed } from './account-for-email.ts';
import { hashPassword } from './passwords.ts';
import { sha256 } from './request-password-reset.ts';
import { endAllSessions } from './sessions.ts';

/**
 * Sets a new password with a single-use, unexpired token, and ends every session of the account
 * and every pending change of its address (endAllSessions), all in one transaction.
 * The link came by mail, so the address is confirmed too: this is also how the owner of an
 * address takes back an account someone else opened with it.
 */
export async function resetPassword(deps: AccountDeps, input: ResetPasswordInput): Promise<{ message: string }> {
  const { db } = deps;
  const { token, userId, newPassword } = input;
  const passwordHash = await hashPassword(newPassword);
  const ok = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.tokenHash, sha256(token)), eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, sql`now()`)))
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) return false;
    await tx.update(users).set({ passwordHash, emailConfirmedAt: confirmIfUnclaimed, updatedAt: sql`now()` }).where(eq(users.id, userId));
    await endAllSessions(tx, userId);
    return true;
  });
  if (!ok) throw new AppError('bad_request', 'This password reset link is invalid or has expired. Please request a new one.');
  return { message: 'Your password has been reset. You can now sign in with your new password.' };
}
