import type { ConfirmEmailChangeInput } from '@app/shared/schemas';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { emailTokens, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { ADDRESS_TAKEN } from '../accounts/confirm-email.ts';
import { sha256 } from '../accounts/request-password-reset.ts';
import type { UserRow } from '../accounts/user-dto.ts';

export const EMAIL_CHANGE_LINK_INVALID = 'This link to confirm a new email address is invalid, already used or expired. Ask for a new one on your profile.';
export const EMAIL_CHANGE_SIGN_IN = 'Sign in to the account that asked for this new address, then open the link in the email again.';
export const EMAIL_CHANGE_OTHER_ACCOUNT = 'This link is for another account. Sign out, sign in to the account that asked for this new address, then open the link in the email again.';

const live = (tokenHash: string) => and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, 'change'), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`));

/**
 * POST /api/profile/email/confirm: the link from the new address makes it the account's, confirmed
 * — once, within 30 minutes, from a browser signed in to that very account (issue 34: the mailbox
 * alone is not enough, so a change asked for by someone who once knew the password fails once the
 * owner has signed them out), and only if no other account has confirmed that address meanwhile
 * (the partial unique index decides, so two accounts can never hold one confirmed address). Any
 * other pending link of the account is spent too. A link opened while signed out or signed in to
 * another account stays unused, so the right account can still open it.
 */
export async function confirmEmailChange(db: Db, caller: UserRow | null, input: ConfirmEmailChangeInput): Promise<UserRow> {
  if (!caller) throw new AppError('unauthorized', EMAIL_CHANGE_SIGN_IN);
  const tokenHash = sha256(input.token);
  const user = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(and(live(tokenHash), eq(emailTokens.userId, caller.id)))
      .returning({ userId: emailTokens.userId, email: emailTokens.email });
    if (!claimed) return null;
    const [row] = await tx
      .update(users)
      .set({ email: claimed.email, emailConfirmedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(users.id, claimed.userId), isNull(users.deletedAt)))
      .returning()
      .catch((err: unknown) => Promise.reject(isUniqueViolation(err) ? new AppError('conflict', ADDRESS_TAKEN) : err));
    return row ?? null;
  });
  if (user) return user;
  const [elsewhere] = await db.select({ userId: emailTokens.userId }).from(emailTokens).where(live(tokenHash));
  throw elsewhere ? new AppError('forbidden', EMAIL_CHANGE_OTHER_ACCOUNT) : new AppError('bad_request', EMAIL_CHANGE_LINK_INVALID);
}
