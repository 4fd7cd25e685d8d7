import { PLANS, tierLabel, tierRank, type PlanId } from '@app/shared/browser';
import type { StartedSubscription } from '@app/shared/schemas';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { paymentCustomers, subscriptions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { MembershipDeps } from './membership-deps.ts';
import { withPaymentErrors } from './payment-errors.ts';

/**
 * POST /api/subscription/create: a subscription to a plan of the catalogue, waiting for its first
 * payment, and the secret the payment form confirms with. A member who already has the plan's
 * tier (or a higher one) is refused. A member has at most one subscription in progress: an unpaid
 * one for the same plan is reused (retries and double submits never make a second), an unpaid one
 * for another plan is voided at the provider first, so it can never be paid as well. One provider
 * customer per member; idempotency keys on every provider call. A provider failure leaves nothing
 * behind that a retry would not reuse.
 */
export async function startSubscription(deps: MembershipDeps, caller: UserRow | null, planId: PlanId): Promise<StartedSubscription> {
  const user = requirePermission(caller, 'post');
  const plan = PLANS[planId];
  if (tierRank(user.membershipTier) >= tierRank(plan.tier)) throw new AppError('conflict', `You already have a ${tierLabel(user.membershipTier)} membership. Manage it from your profile.`);
  const { db, provider } = deps;
  const answer = (clientSecret: string): StartedSubscription => ({ clientSecret, provider: provider.name, plan: planId, ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}) });

  return withPaymentErrors(deps.logger, () =>
    db.transaction(async (tx) => {
      // One start at a time per member: a double submit waits here, then finds the first one's subscription.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`subscribe:${user.id}`}, 0))`);
      const unpaid = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.provider, provider.name), eq(subscriptions.status, 'incomplete')))
        .orderBy(desc(subscriptions.id));
      const reuse = unpaid.find((s) => s.plan === planId && s.clientSecret);
      for (const other of unpaid.filter((s) => s !== reuse)) {
        const ended = await provider.cancelSubscription(other.providerSubscriptionId);
        // Written at once, outside this transaction: the provider has voided it whatever happens next.
        await db.update(subscriptions).set({ status: ended.status, updatedAt: sql`now()` }).where(eq(subscriptions.id, other.id));
      }
      if (reuse?.clientSecret) return answer(reuse.clientSecret);

      let [customer] = await tx.select().from(paymentCustomers).where(and(eq(paymentCustomers.userId, user.id), eq(paymentCustomers.provider, provider.name)));
      if (!customer) {
        const customerId = await provider.createCustomer({ id: user.id, email: user.email, name: user.displayName || user.username }, `customer:${user.id}`);
        [customer] = await tx.insert(paymentCustomers).values({ userId: user.id, provider: provider.name, customerId }).returning();
      }
      const [{ n }] = (await tx.select({ n: count() }).from(subscriptions).where(eq(subscriptions.userId, user.id))) as [{ n: number }];
      const { subscription, clientSecret } = await provider.createSubscription(customer!.customerId, planId, `subscription:${user.id}:${Number(n) + 1}:${planId}`);
      await tx
        .insert(subscriptions)
        .values({ userId: user.id, provider: provider.name, providerSubscriptionId: subscription.id, plan: planId, interval: plan.interval, status: subscription.status, cancelAtPeriodEnd: subscription.cancelAtPeriodEnd, currentPeriodEnd: subscription.currentPeriodEnd, clientSecret })
        .onConflictDoNothing();
      return answer(clientSecret);
    }),
  );
}
