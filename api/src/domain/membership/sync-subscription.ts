import { and, eq, sql } from 'drizzle-orm';
import { paymentCustomers, subscriptions } from '../../db/schema/index.ts';
import { applyMembershipTier } from './apply-tier.ts';
import type { MembershipDeps } from './membership-deps.ts';

export type SyncedSubscription = typeof subscriptions.$inferSelect;

/** Stored for a provider price the catalogue does not know: it pays for no tier. */
const UNKNOWN_PLAN = 'unknown';

/**
 * Reads the subscription from the provider — its status, plan and period end are the truth,
 * whatever order events arrived in — stores our copy and sets the member's tier from it. Null
 * when the subscription belongs to no member of ours (an unknown customer). Throws the
 * provider's error when the provider does not know the subscription.
 */
export async function syncSubscription(deps: MembershipDeps, providerSubscriptionId: string): Promise<SyncedSubscription | null> {
  const { db, provider } = deps;
  const remote = await provider.getSubscription(providerSubscriptionId);
  const [known] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider.name), eq(subscriptions.providerSubscriptionId, remote.id)));
  let userId = known?.userId;
  if (!userId) {
    const [customer] = await db
      .select({ userId: paymentCustomers.userId })
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.provider, provider.name), eq(paymentCustomers.customerId, remote.customerId)));
    if (!customer) return null;
    userId = customer.userId;
  }
  if (!remote.plan) deps.logger.warn({ subscription: remote.id }, 'a subscription at a price that is none of the catalogue’s plans grants nothing');
  const values = { status: remote.status, cancelAtPeriodEnd: remote.cancelAtPeriodEnd, currentPeriodEnd: remote.currentPeriodEnd, interval: remote.interval, plan: remote.plan ?? UNKNOWN_PLAN, updatedAt: sql`now()` };
  const [row] = await db
    .insert(subscriptions)
    .values({ userId, provider: provider.name, providerSubscriptionId: remote.id, ...values })
    .onConflictDoUpdate({ target: [subscriptions.provider, subscriptions.providerSubscriptionId], set: values })
    .returning();
  await applyMembershipTier(db, userId, deps.clock());
  return row!;
}
