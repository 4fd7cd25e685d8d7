import { isPlanId } from '@app/shared/browser';
import type { SubscriptionInfo } from '@app/shared/schemas';
import { desc, eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema/index.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { PAYING_STATUSES } from './apply-tier.ts';
import type { MembershipDeps } from './membership-deps.ts';

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Statuses in which a subscription can still charge the member (an unpaid one once its payment is made). */
const CHARGING_STATUSES = [...PAYING_STATUSES, 'incomplete'];

const isActive = (deps: MembershipDeps, s: SubscriptionRow) => PAYING_STATUSES.includes(s.status) && s.currentPeriodEnd !== null && s.currentPeriodEnd > deps.clock();
const canCharge = (s: SubscriptionRow) => CHARGING_STATUSES.includes(s.status) && !s.cancelAtPeriodEnd;

/** The member's subscriptions, newest first. */
async function subscriptionsOf(deps: MembershipDeps, userId: number): Promise<SubscriptionRow[]> {
  return deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.id));
}

/** The member's subscriptions whose paid period is running, the one ending last first. */
export async function activeSubscriptions(deps: MembershipDeps, userId: number): Promise<SubscriptionRow[]> {
  const rows = (await subscriptionsOf(deps, userId)).filter((s) => isActive(deps, s));
  return rows.sort((a, b) => b.currentPeriodEnd!.getTime() - a.currentPeriodEnd!.getTime());
}

/** GET /api/subscriptions: the signed-in member's membership and every subscription that can still charge them. */
export async function getSubscriptionInfo(deps: MembershipDeps, caller: UserRow | null): Promise<SubscriptionInfo> {
  const user = requireUser(caller);
  const rows = await subscriptionsOf(deps, user.id);
  const active = rows.filter((s) => isActive(deps, s));
  // The subscription the membership is about: an active one (a renewing one first), else the latest that was ever paid, else an unpaid one.
  const sub = active.find((s) => !s.cancelAtPeriodEnd) ?? active[0] ?? rows.find((r) => r.currentPeriodEnd !== null) ?? rows[0] ?? null;
  const live = sub !== null && isActive(deps, sub);
  return {
    active: live,
    autoRenew: live && !sub.cancelAtPeriodEnd,
    endDate: sub?.currentPeriodEnd?.toISOString() ?? null,
    status: sub?.status ?? 'none',
    tier: user.membershipTier,
    provider: sub?.provider ?? null,
    interval: sub?.interval ?? null,
    plan: sub && isPlanId(sub.plan) ? sub.plan : null,
    charging: rows.filter(canCharge).map((s) => ({
      plan: isPlanId(s.plan) ? s.plan : null,
      status: s.status,
      renewsOn: s.status === 'incomplete' ? null : (s.currentPeriodEnd?.toISOString() ?? null),
      provider: s.provider,
    })),
  };
}
