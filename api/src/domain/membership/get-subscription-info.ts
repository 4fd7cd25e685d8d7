import type { SubscriptionInfo } from '@app/shared/schemas';
import { desc, eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema/index.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { PAYING_STATUSES } from './apply-tier.ts';
import type { MembershipDeps } from './membership-deps.ts';

/** The member's latest subscription that got past its first payment, else an unpaid one. */
export async function latestSubscription(deps: MembershipDeps, userId: number) {
  const rows = await deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.id)).limit(10);
  return rows.find((r) => r.currentPeriodEnd !== null) ?? rows[0] ?? null;
}

/** GET /api/subscriptions: { active, autoRenew, endDate, status, tier, provider } for the signed-in member. */
export async function getSubscriptionInfo(deps: MembershipDeps, caller: UserRow | null): Promise<SubscriptionInfo> {
  const user = requireUser(caller);
  return subscriptionInfo(deps, user, await latestSubscription(deps, user.id));
}

/** The member-facing view of one subscription row (or of none). */
export function subscriptionInfo(deps: MembershipDeps, user: UserRow, sub: Awaited<ReturnType<typeof latestSubscription>>): SubscriptionInfo {
  const active = Boolean(sub && PAYING_STATUSES.includes(sub.status) && sub.currentPeriodEnd && sub.currentPeriodEnd > deps.clock());
  return {
    active,
    autoRenew: active && !sub!.cancelAtPeriodEnd,
    endDate: sub?.currentPeriodEnd?.toISOString() ?? null,
    status: sub?.status ?? 'none',
    tier: user.membershipTier,
    provider: sub?.provider ?? null,
    interval: sub?.interval ?? null,
  };
}
