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

/**
 * POST /api/profile/email/confirm: the link from the new address makes it the account's, confirmed
 * — once, within 30 minutes, and only if no other account has confirmed that address meanwhile
 * (the partial unique index decides, so two accounts can never hold one confirmed address). Any
 * other pending link of the account is spent too.
 */
export async function confirmEmailChange(db: Db, input: ConfirmEmailChangeInput): Promise<UserRow> {
  const user = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailTokens.tokenHash, sha256(input.token)), eq(emailTokens.purpose, 'change'), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`)))
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
  if (!user) throw new AppError('bad_request', EMAIL_CHANGE_LINK_INVALID);
  return user;
}
