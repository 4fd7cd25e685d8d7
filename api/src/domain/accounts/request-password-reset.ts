import { createHash, randomBytes } from 'node:crypto';
import type { RequestPasswordResetInput } from '@app/shared/schemas';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { passwordResetTokens } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { siteNameOf, type AccountDeps } from './account-deps.ts';
import { accountForEmail } from './account-for-email.ts';
import { passwordResetMail } from './account-mails.ts';
import { takeAttempt } from '../rate-limit/attempts.ts';

const TOKEN_TTL_MS = 30 * 60 * 1000;
const REQUESTS_PER_HOUR = 4;
export const RESET_REQUESTED_MESSAGE = 'If an account exists for that email, we have sent a link to reset your password. It is valid for 30 minutes.';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Sends a reset link when the email belongs to an account. The answer is the same either way,
 * the token is never in the response, and at most 4 requests an hour per address send mail.
 */
export async function requestPasswordReset(deps: AccountDeps, input: RequestPasswordResetInput): Promise<{ message: string }> {
  const { db } = deps;
  const email = input.email.toLowerCase();
  const token = randomBytes(32).toString('base64url');
  try {
    await takeAttempt(db, [{ key: `reset:${email}`, max: REQUESTS_PER_HOUR, windowMs: 60 * 60 * 1000 }], () => RESET_REQUESTED_MESSAGE);
  } catch (err) {
    // Past the limit no mail is sent, and the answer stays the same (it must not tell anything).
    if (err instanceof AppError && err.code === 'too_many_requests') return { message: RESET_REQUESTED_MESSAGE };
    throw err;
  }
  const user = await accountForEmail(db, email);
  if (!user) return { message: RESET_REQUESTED_MESSAGE };

  await db.transaction(async (tx) => {
    // Only the newest link works.
    await tx.update(passwordResetTokens).set({ usedAt: sql`now()` }).where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({ tokenHash: sha256(token), userId: user.id, expiresAt: new Date(Date.now() + TOKEN_TTL_MS) });
  });
  const link = `${deps.publicUrl}/auth?reset=${encodeURIComponent(token)}&user=${user.id}`;
  // Not awaited: the reply must not wait on (or reveal) mail delivery. The address may not be
  // confirmed yet: a reset link is mail about the address itself, and carries no member's text.
  void deps.mailer.send({ to: user.email, ...passwordResetMail(siteNameOf(deps), link) }).catch((err) => deps.logger.error({ err }, 'could not send the password reset mail'));
  return { message: RESET_REQUESTED_MESSAGE };
}
