import type { AdminUser } from '@app/shared/schemas';
import { and, desc, gt, inArray, max } from 'drizzle-orm';
import type { PlanId } from '@app/shared/browser';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/accounts.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import { toAdminUserDto, type UserRow } from '../accounts/user-dto.ts';
import { PAYING_STATUSES } from '../membership/apply-tier.ts';

/** What the members list and its export show beside the account row. */
export type MemberFacts = { lastSeen: Map<number, string>; planOf: Map<number, PlanId> };

/**
 * For these members: the last time a session of theirs was used, and the plan of a subscription
 * paying now (the newest, when two overlap). Two queries, whatever the number of members.
 */
export async function memberFacts(db: Pick<Db, 'select' | 'selectDistinctOn'>, ids: number[], now: Date): Promise<MemberFacts> {
  if (ids.length === 0) return { lastSeen: new Map(), planOf: new Map() };
  const [seen, plans] = await Promise.all([
    db.select({ userId: sessions.userId, at: max(sessions.lastSeenAt) }).from(sessions).where(inArray(sessions.userId, ids)).groupBy(sessions.userId),
    db
      .selectDistinctOn([subscriptions.userId], { userId: subscriptions.userId, plan: subscriptions.plan })
      .from(subscriptions)
      .where(and(inArray(subscriptions.userId, ids), inArray(subscriptions.status, PAYING_STATUSES), gt(subscriptions.currentPeriodEnd, now)))
      .orderBy(subscriptions.userId, desc(subscriptions.currentPeriodEnd)),
  ]);
  return {
    lastSeen: new Map(seen.filter((s) => s.at).map((s) => [s.userId, toIso(s.at)])),
    planOf: new Map(plans.map((p) => [p.userId, p.plan as PlanId])),
  };
}

/** Members as the Users tab shows them. */
export async function toAdminUsers(db: Pick<Db, 'select' | 'selectDistinctOn'>, rows: UserRow[], now = new Date()): Promise<AdminUser[]> {
  const facts = await memberFacts(db, rows.map((r) => r.id), now);
  return rows.map((row) => ({ ...toAdminUserDto(row), lastSeenAt: facts.lastSeen.get(row.id) ?? null, plan: facts.planOf.get(row.id) ?? null }));
}

/** `max()` over a timestamp comes back as a Date or, from some drivers, as text. */
function toIso(value: Date | string | null): string {
  return (value instanceof Date ? value : new Date(value!)).toISOString();
}
