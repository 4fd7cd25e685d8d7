import { and, inArray, lt } from 'drizzle-orm';
import { subscriptions } from '../../db/schema/index.ts';
import type { PaymentEvent } from '../ports/payment-provider.ts';
import { PAYING_STATUSES, applyMembershipTier } from './apply-tier.ts';
import { handlePaymentEvent } from './handle-payment-event.ts';
import type { MembershipDeps } from './membership-deps.ts';
import { syncSubscription } from './sync-subscription.ts';

/**
 * The scheduled check (jobs/membership-job.ts runs it, on one API instance at a time): the
 * provider's own passage of time is handled (the demo provider renews or ends periods; Stripe
 * sends events of its own), every subscription whose period has ended is re-read from the
 * provider, and its member's tier follows — so a member whose period ended unpaid or cancelled
 * is free again without anyone acting.
 */
export async function expireSubscriptions(deps: MembershipDeps, providerEvents: () => Promise<PaymentEvent[]> = async () => []): Promise<number> {
  for (const event of await providerEvents()) await handlePaymentEvent(deps, event);
  const now = deps.clock();
  const ended = await deps.db
    .select()
    .from(subscriptions)
    .where(and(inArray(subscriptions.status, PAYING_STATUSES), lt(subscriptions.currentPeriodEnd, now)));
  for (const sub of ended) {
    await syncSubscription(deps, sub.providerSubscriptionId).catch((err) => deps.logger.warn({ err: (err as Error).message, subscription: sub.providerSubscriptionId }, 'could not re-read an ended subscription'));
    await applyMembershipTier(deps.db, sub.userId, now);
  }
  return ended.length;
}
