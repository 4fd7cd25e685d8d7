import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions, users } from '../../db/schema/index.ts';
import { publishChatEvent } from '../chat/chat-events.ts';

/** Statuses in which a paid period still counts (a failed renewal keeps Pro until the period ends). */
export const PAYING_STATUSES = ['active', 'past_due'];

/**
 * A member's tier follows their subscriptions: Pro while one is paid up to a time still ahead,
 * free otherwise. VIP is granted by admins and never changed here. Sessions read the tier from
 * the user row on every request, so the change is seen at once.
 */
export async function applyMembershipTier(db: Db, userId: number, now: Date): Promise<'free' | 'pro' | 'vip'> {
  const [user] = await db.select({ tier: users.membershipTier }).from(users).where(eq(users.id, userId));
  if (!user || user.tier === 'vip') return user?.tier ?? 'free';
  const [paid] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, PAYING_STATUSES), gt(subscriptions.currentPeriodEnd, now)))
    .limit(1);
  const tier = paid ? 'pro' : 'free';
  if (tier !== user.tier) {
    await db.update(users).set({ membershipTier: tier, updatedAt: sql`now()` }).where(eq(users.id, userId));
    await publishChatEvent(db, { kind: 'user-changed', userId });
  }
  return tier;
}
