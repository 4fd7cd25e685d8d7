import type { ConfirmEmailInput } from '@app/shared/schemas';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailTokens, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { confirmIfUnclaimed } from './account-for-email.ts';
import { statusRefusal } from './login.ts';
import { sha256 } from './request-password-reset.ts';
import type { UserRow } from './user-dto.ts';

export const CONFIRM_LINK_INVALID = 'This confirmation link is invalid, already used or expired. Sign in to ask for a new one.';
export const ALREADY_CONFIRMED = 'Your email address is already confirmed. Please sign in.';
export const ADDRESS_TAKEN = 'This email address is already confirmed for another account. Sign in to that account, or reset its password.';

/**
 * Confirms an address with the emailed link: once, within 24 hours, only while the account still
 * has the address the link was sent to, and only if no other account confirmed that address
 * first (DESIGN §7.18). Answers the account, which is signed in (again) in this browser. A link opened a second time says the address
 * is confirmed already (people click twice; mail scanners open links too).
 */
export async function confirmEmail(db: Db, input: ConfirmEmailInput): Promise<UserRow> {
  const tokenHash = sha256(input.token);
  const user = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, 'confirm'), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`)))
      .returning({ userId: emailTokens.userId, email: emailTokens.email });
    if (!claimed) return null;
    const [row] = await tx
      .update(users)
      .set({ emailConfirmedAt: confirmIfUnclaimed, updatedAt: sql`now()` })
      .where(and(eq(users.id, claimed.userId), eq(users.email, claimed.email)))
      .returning()
      .catch((err: unknown) => Promise.reject(isUniqueViolation(err) ? new AppError('conflict', ADDRESS_TAKEN) : err));
    // Another sign-up with this address confirmed it first: it is theirs (the link is spent).
    if (row && row.emailConfirmedAt === null) throw new AppError('conflict', ADDRESS_TAKEN);
    return row ?? null;
  });
  if (!user) throw (await confirmedBy(db, tokenHash)) ? new AppError('conflict', ALREADY_CONFIRMED) : new AppError('bad_request', CONFIRM_LINK_INVALID);
  const refusal = statusRefusal(user.accountStatus);
  if (refusal) throw new AppError('forbidden', refusal);
  return user;
}

/** Whether this link's address is confirmed already (the link was used, or a later one was). */
async function confirmedBy(db: Db, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(emailTokens)
    .innerJoin(users, and(eq(users.id, emailTokens.userId), eq(users.email, emailTokens.email)))
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, 'confirm'), isNotNull(users.emailConfirmedAt)));
  return Boolean(row);
}
