import type { SubscriptionInfo } from '@app/shared/schemas';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { activeSubscriptions, getSubscriptionInfo } from './get-subscription-info.ts';
import type { MembershipDeps } from './membership-deps.ts';
import { sendMembershipMail } from './membership-mail.ts';
import { withPaymentErrors } from './payment-errors.ts';
import { syncSubscription } from './sync-subscription.ts';

/**
 * POST /api/subscriptions/cancel (renew = false) and /resume (renew = true): cancel at the end of
 * the paid period — the tier lasts until then (DESIGN §7.9) — or take the cancellation back. Both
 * act on the subscriptions that are active, never on an unpaid or ended one: cancelling stops
 * every active one that would renew (a member charged twice before one subscription at a time was
 * the rule can stop both), resuming renews the one that ends last.
 */
export async function setAutoRenew(deps: MembershipDeps, caller: UserRow | null, renew: boolean): Promise<SubscriptionInfo> {
  const user = requireUser(caller);
  const active = await activeSubscriptions(deps, user.id);
  if (active.length === 0) throw new AppError('conflict', 'You have no active subscription to change.');
  const targets = renew ? (active.some((s) => !s.cancelAtPeriodEnd) ? [] : active.slice(0, 1)) : active.filter((s) => !s.cancelAtPeriodEnd);
  await withPaymentErrors(deps.logger, async () => {
    for (const sub of targets) {
      await deps.provider.setCancelAtPeriodEnd(sub.providerSubscriptionId, !renew);
      await syncSubscription(deps, sub.providerSubscriptionId);
    }
  });
  if (!renew && targets.length > 0) await sendMembershipMail(deps, user.id, { kind: 'cancellation', plan: targets[0]!.plan, periodEnd: targets[0]!.currentPeriodEnd });
  return getSubscriptionInfo(deps, user);
}
