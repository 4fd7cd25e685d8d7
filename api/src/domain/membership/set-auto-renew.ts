import type { SubscriptionInfo } from '@app/shared/schemas';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { getSubscriptionInfo, latestSubscription, subscriptionInfo } from './get-subscription-info.ts';
import type { MembershipDeps } from './membership-deps.ts';
import { sendMembershipMail } from './membership-mail.ts';
import { syncSubscription } from './sync-subscription.ts';

/**
 * POST /api/subscriptions/cancel (renew = false) and /resume (renew = true): cancel at the end of
 * the paid period — Pro lasts until then (DESIGN §7.9) — or take the cancellation back.
 */
export async function setAutoRenew(deps: MembershipDeps, caller: UserRow | null, renew: boolean): Promise<SubscriptionInfo> {
  const user = requireUser(caller);
  const sub = await latestSubscription(deps, user.id);
  const info = subscriptionInfo(deps, user, sub);
  if (!sub || !info.active) throw new AppError('conflict', 'You have no active subscription to change.');
  if (sub.cancelAtPeriodEnd === !renew) return info;
  await deps.provider.setCancelAtPeriodEnd(sub.providerSubscriptionId, !renew);
  const synced = await syncSubscription(deps, sub.providerSubscriptionId);
  if (!renew) await sendMembershipMail(deps, user.id, { kind: 'cancellation', periodEnd: synced?.currentPeriodEnd ?? null });
  return getSubscriptionInfo(deps, user);
}
