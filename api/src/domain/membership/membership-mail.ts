import { DEFAULT_SITE_SETTINGS, formatCents, formatLongDate, isPlanId, PLANS, tierLabel } from '@app/shared/browser';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { mailToMember } from '../accounts/mail-to-member.ts';
import { notify } from '../notifications/notify.ts';
import type { MembershipDeps } from './membership-deps.ts';

/** `plan` is the subscription's plan id: the mail names the tier it buys. */
type Kind =
  | { kind: 'receipt'; plan: string; amountCents: number; periodEnd: Date | null }
  | { kind: 'payment-failed'; plan: string; message: string }
  | { kind: 'cancellation'; plan: string; periodEnd: Date | null };

/** The membership's mails (receipt, failed payment, scheduled cancellation), to a confirmed address only (mailToMember). */
export async function sendMembershipMail(deps: MembershipDeps, userId: number, mail: Kind): Promise<void> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) return;
  const tier = tierLabel(isPlanId(mail.plan) ? PLANS[mail.plan].tier : user.membershipTier);
  const product = `${deps.siteName?.() ?? DEFAULT_SITE_SETTINGS.siteName} ${tier}`;
  const hello = `Hello ${user.displayName || user.username},`;
  const profile = `${deps.publicUrl}/profile#membership`;
  const until = (d: Date | null) => (d ? formatLongDate(d) : 'the end of your current period');
  const message =
    mail.kind === 'receipt'
      ? { subject: `Your ${product} receipt`, text: `${hello}\n\nThank you! We received your payment of ${formatCents(mail.amountCents)} for ${product}. Your membership runs until ${until(mail.periodEnd)} and renews automatically; you can cancel any time from your profile: ${profile}\n` }
      : mail.kind === 'payment-failed'
        ? { subject: `Your ${product} payment did not go through`, text: `${hello}\n\nWe could not take your payment for ${product}: ${mail.message}\n\nPlease check your card in your profile (${profile}). Your ${tier} benefits continue until the end of the period you have paid for.\n` }
        : { subject: `Your ${product} membership will end`, text: `${hello}\n\nAs you asked, your ${tier} membership will not renew. You keep every ${tier} benefit until ${until(mail.periodEnd)}. Changed your mind? Resume it from your profile: ${profile}\n` };
  await mailToMember(deps, user, message);
  // And in the app (issue 37: the membership kind), once: the mail above is the email.
  const news =
    mail.kind === 'receipt'
      ? `Your ${tier} membership is paid until ${until(mail.periodEnd)}`
      : mail.kind === 'payment-failed'
        ? `Your ${tier} payment did not go through: please check your card`
        : `Your ${tier} membership will end on ${until(mail.periodEnd)}`;
  await notify(deps.db, { kind: 'membership', recipients: [user.id], actorId: null, text: news, url: '/profile#membership', alreadyMailed: true }).catch((err: Error) =>
    deps.logger.error({ err }, 'could not write a membership notification'),
  );
}
