import { proPrice } from '@app/shared/browser';
import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import { invoices, paymentEvents, subscriptions, users } from '../../db/schema/index.ts';
import { requireAdmin } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { PAYING_STATUSES } from './apply-tier.ts';
import type { MembershipDeps } from './membership-deps.ts';

export type MembershipOverview = {
  proMembers: number;
  vipMembers: number;
  /** Monthly recurring revenue in cents: monthly subscriptions at their price, yearly ones at a twelfth. */
  mrrCents: number;
  recentEvents: { id: string; type: string; receivedAt: string; summary: unknown }[];
  failedPayments: { id: number; username: string; amountCents: number; createdAt: string }[];
};

/** Admin → Members & revenue. */
export async function membershipOverview(deps: MembershipDeps, caller: UserRow | null): Promise<MembershipOverview> {
  requireAdmin(caller);
  const { db } = deps;
  const now = deps.clock();
  const tiers = await db.select({ tier: users.membershipTier, n: count() }).from(users).groupBy(users.membershipTier);
  const paying = await db
    .select({ interval: subscriptions.interval, n: count() })
    .from(subscriptions)
    .where(and(inArray(subscriptions.status, PAYING_STATUSES), gt(subscriptions.currentPeriodEnd, now), eq(subscriptions.cancelAtPeriodEnd, false)))
    .groupBy(subscriptions.interval);
  const events = await db.select().from(paymentEvents).orderBy(desc(paymentEvents.receivedAt)).limit(10);
  const failed = await db
    .select({ id: invoices.id, username: users.username, amountCents: invoices.amountCents, createdAt: invoices.createdAt })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(eq(invoices.status, 'failed'))
    .orderBy(desc(invoices.id))
    .limit(10);
  const mrr = paying.reduce((sum, p) => sum + Number(p.n) * (p.interval === 'month' ? proPrice('month') : proPrice('year') / 12), 0);
  return {
    proMembers: Number(tiers.find((t) => t.tier === 'pro')?.n ?? 0),
    vipMembers: Number(tiers.find((t) => t.tier === 'vip')?.n ?? 0),
    mrrCents: Math.round(mrr),
    recentEvents: events.map((e) => ({ id: e.id, type: e.type, receivedAt: e.receivedAt.toISOString(), summary: e.summary })),
    failedPayments: failed.map((f) => ({ ...f, createdAt: f.createdAt.toISOString() })),
  };
}
