import { siteNameOf } from '../accounts/account-deps.ts';
import { randomBytes } from 'node:crypto';
import type { ChangeEmailInput } from '@app/shared/schemas';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { emailTokens, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { atMost } from '../accounts/at-most.ts';
import { mailToMember } from '../accounts/mail-to-member.ts';
import { requireUser } from '../accounts/permissions.ts';
import { sha256 } from '../accounts/request-password-reset.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { takeAttempt, waitText } from '../rate-limit/attempts.ts';
import { checkCurrentPassword } from './check-current-password.ts';
import { emailChangeAttemptMail, emailChangeLinkMail, emailChangeRequestedMail } from './profile-mails.ts';
import type { ProfileDeps } from './profile-deps.ts';

export const EMAIL_CHANGE_LINK_TTL_MS = 30 * 60 * 1000;
const REQUESTS_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

export const emailChangeSent = (email: string) => `We sent a confirmation link to ${email}. Open it within 30 minutes to start using that address; until then your account keeps its current one.`;

/**
 * POST /api/profile/email: with the current password, mails a single-use link (30 minutes, stored
 * hashed, only the newest works) to the new address and tells the old one. Nothing changes until
 * the link is opened. An address another account has confirmed gets the same answer as a free
 * one (addresses cannot be probed): its owner is told, at most once an hour, instead of being sent
 * a link.
 */
export async function requestEmailChange(deps: Pick<ProfileDeps, 'db' | 'mailer' | 'logger' | 'publicUrl' | 'siteName'>, caller: UserRow | null, input: ChangeEmailInput): Promise<{ message: string }> {
  const user = requireUser(caller);
  const newEmail = input.newEmail;
  await checkCurrentPassword(deps.db, user, input.currentPassword);
  if (newEmail === user.email) throw new AppError('bad_request', 'That is already your email address.');
  await takeAttempt(deps.db, [{ key: `email-change:${user.id}`, max: REQUESTS_PER_HOUR, windowMs: HOUR_MS }], (s) => `You can ask for another email change in ${waitText(s)}.`);

  const [owner] = await deps.db.select({ id: users.id }).from(users).where(and(eq(users.email, newEmail), isNotNull(users.emailConfirmedAt), ne(users.id, user.id)));
  const token = randomBytes(32).toString('base64url');
  await deps.db.transaction(async (tx) => {
    await tx.update(emailTokens).set({ usedAt: sql`now()` }).where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, 'change'), isNull(emailTokens.usedAt)));
    if (!owner) await tx.insert(emailTokens).values({ tokenHash: sha256(token), userId: user.id, purpose: 'change', email: newEmail, expiresAt: new Date(Date.now() + EMAIL_CHANGE_LINK_TTL_MS) });
  });
  // Not awaited: the answer must not wait on (or, by its timing, reveal) which mail went out.
  const send = async () => {
    if (owner) {
      if (await atMost(deps.db, `mail:email-change-attempt:${newEmail}`, 1, HOUR_MS)) await deps.mailer.send({ to: newEmail, ...emailChangeAttemptMail(siteNameOf(deps), deps.publicUrl) });
    } else {
      await deps.mailer.send({ to: newEmail, ...emailChangeLinkMail(siteNameOf(deps), `${deps.publicUrl}/profile?email-token=${encodeURIComponent(token)}`) });
    }
    await mailToMember(deps, user, emailChangeRequestedMail(siteNameOf(deps), newEmail, deps.publicUrl));
  };
  void send().catch((err: unknown) => deps.logger.error({ err }, 'could not send the email change mails'));
  return { message: emailChangeSent(newEmail) };
}
