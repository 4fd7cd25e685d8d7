import { monthlyCents, PLAN_IDS, TIERS } from '@app/shared/browser';
import type { MembershipOverview } from '@app/shared/schemas';
import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import { invoices, paymentEvents, subscriptions, users } from '../../db/schema/index.ts';
import { requireAdmin } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { PAYING_STATUSES } from './apply-tier.ts';
import type { MembershipDeps } from './membership-deps.ts';

/** Admin → Members & revenue: members per tier, and the revenue of renewing subscriptions at the catalogue's prices. */
export async function membershipOverview(deps: MembershipDeps, caller: UserRow | null): Promise<MembershipOverview> {
  requireAdmin(caller);
  const { db } = deps;
  const now = deps.clock();
  const tiers = await db.select({ tier: users.membershipTier, n: count() }).from(users).groupBy(users.membershipTier);
  const paying = await db
    .select({ plan: subscriptions.plan, n: count() })
    .from(subscriptions)
    .where(and(inArray(subscriptions.status, PAYING_STATUSES), gt(subscriptions.currentPeriodEnd, now), eq(subscriptions.cancelAtPeriodEnd, false)))
    .groupBy(subscriptions.plan);
  const events = await db.select().from(paymentEvents).orderBy(desc(paymentEvents.receivedAt)).limit(10);
  const failed = await db
    .select({ id: invoices.id, username: users.username, amountCents: invoices.amountCents, createdAt: invoices.createdAt })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(eq(invoices.status, 'failed'))
    .orderBy(desc(invoices.id))
    .limit(10);
  const plans = PLAN_IDS.map((plan) => {
    const subscribers = Number(paying.find((p) => p.plan === plan)?.n ?? 0);
    return { plan, subscribers, exact: subscribers * monthlyCents(plan) };
  });
  return {
    members: Object.fromEntries(TIERS.map((t) => [t, Number(tiers.find((row) => row.tier === t)?.n ?? 0)])) as MembershipOverview['members'],
    mrrCents: Math.round(plans.reduce((sum, p) => sum + p.exact, 0)),
    plans: plans.map(({ plan, subscribers, exact }) => ({ plan, subscribers, mrrCents: Math.round(exact) })),
    recentEvents: events.map((e) => ({ id: e.id, type: e.type, receivedAt: e.receivedAt.toISOString(), summary: e.summary as MembershipOverview['recentEvents'][number]['summary'] })),
    failedPayments: failed.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
  };
}
