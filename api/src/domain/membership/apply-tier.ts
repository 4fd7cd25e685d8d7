import { isGrantedTier, tierPaidFor, type Tier } from '@app/shared/browser';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions, users } from '../../db/schema/index.ts';
import { publishChatEvent } from '../chat/chat-events.ts';

/** Statuses in which a paid period still counts (a failed renewal keeps the tier until the period ends). */
export const PAYING_STATUSES = ['active', 'past_due'];

/**
 * A member's tier follows their subscriptions: the highest tier their plans (the catalogue's)
 * pay for, while paid up to a time still ahead; free otherwise. A tier admins grant (VIP) is
 * never changed here. Sessions read the tier from the user row on every request, so the change
 * is seen at once.
 */
export async function applyMembershipTier(db: Db, userId: number, now: Date): Promise<Tier> {
  const [user] = await db.select({ tier: users.membershipTier }).from(users).where(eq(users.id, userId));
  if (!user) return 'free';
  if (isGrantedTier(user.tier)) return user.tier;
  const paid = await db
    .select({ plan: subscriptions.plan })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, PAYING_STATUSES), gt(subscriptions.currentPeriodEnd, now)));
  const tier = tierPaidFor(paid.map((p) => p.plan));
  if (tier !== user.tier) {
    await db.update(users).set({ membershipTier: tier, updatedAt: sql`now()` }).where(eq(users.id, userId));
    await publishChatEvent(db, { kind: 'user-changed', userId });
  }
  return tier;
}
