import { and, eq, sql } from 'drizzle-orm';
import { paymentCustomers, subscriptions } from '../../db/schema/index.ts';
import { applyMembershipTier } from './apply-tier.ts';
import type { MembershipDeps } from './membership-deps.ts';

export type SyncedSubscription = typeof subscriptions.$inferSelect;

/**
 * Reads the subscription from the provider — its status and period end are the truth, whatever
 * order events arrived in — stores our copy and sets the member's tier from it. Null when the
 * subscription belongs to no member of ours (an unknown customer).
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
  const values = { status: remote.status, cancelAtPeriodEnd: remote.cancelAtPeriodEnd, currentPeriodEnd: remote.currentPeriodEnd, interval: remote.interval, updatedAt: sql`now()` };
  const [row] = await db
    .insert(subscriptions)
    .values({ userId, provider: provider.name, providerSubscriptionId: remote.id, ...values })
    .onConflictDoUpdate({ target: [subscriptions.provider, subscriptions.providerSubscriptionId], set: values })
    .returning();
  await applyMembershipTier(db, userId, deps.clock());
  return row!;
}
