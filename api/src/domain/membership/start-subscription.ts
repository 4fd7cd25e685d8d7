import { tierRank, type BillingInterval } from '@app/shared/browser';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { paymentCustomers, subscriptions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { MembershipDeps } from './membership-deps.ts';

export type StartedSubscription = { clientSecret: string; provider: 'stripe' | 'demo'; publishableKey?: string };

/**
 * POST /api/subscription/create: a Pro subscription waiting for its first payment, and the
 * secret the payment form confirms with. A member who is already Pro (or VIP) is refused; an
 * unpaid subscription of theirs is reused, so retries and double submits never make a second.
 * One provider customer per member; idempotency keys on every provider call.
 */
export async function startSubscription(deps: MembershipDeps, caller: UserRow | null, interval: BillingInterval): Promise<StartedSubscription> {
  const user = requirePermission(caller, 'post');
  if (tierRank(user.membershipTier) >= tierRank('pro')) throw new AppError('conflict', 'You already have a Pro membership. Manage it from your profile.');
  const { db, provider } = deps;
  const answer = (clientSecret: string): StartedSubscription => ({ clientSecret, provider: provider.name, ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}) });

  return db.transaction(async (tx) => {
    // One start at a time per member: a double submit waits here, then finds the first one's subscription.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`subscribe:${user.id}`}, 0))`);
    const [open] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.provider, provider.name), eq(subscriptions.status, 'incomplete'), eq(subscriptions.interval, interval)))
      .orderBy(desc(subscriptions.id))
      .limit(1);
    if (open?.clientSecret) return answer(open.clientSecret);

    let [customer] = await tx.select().from(paymentCustomers).where(and(eq(paymentCustomers.userId, user.id), eq(paymentCustomers.provider, provider.name)));
    if (!customer) {
      const customerId = await provider.createCustomer({ id: user.id, email: user.email, name: user.displayName || user.username }, `customer:${user.id}`);
      [customer] = await tx.insert(paymentCustomers).values({ userId: user.id, provider: provider.name, customerId }).returning();
    }
    const [{ n }] = (await tx.select({ n: count() }).from(subscriptions).where(eq(subscriptions.userId, user.id))) as [{ n: number }];
    const { subscription, clientSecret } = await provider.createSubscription(customer!.customerId, interval, `subscription:${user.id}:${Number(n) + 1}:${interval}`);
    await tx
      .insert(subscriptions)
      .values({ userId: user.id, provider: provider.name, providerSubscriptionId: subscription.id, interval, status: subscription.status, cancelAtPeriodEnd: subscription.cancelAtPeriodEnd, currentPeriodEnd: subscription.currentPeriodEnd, clientSecret })
      .onConflictDoNothing();
    return answer(clientSecret);
  });
}
