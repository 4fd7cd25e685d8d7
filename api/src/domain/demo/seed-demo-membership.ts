import { DEFAULT_PLAN, planFor, TIERS } from '@app/shared/browser';
import { eq } from 'drizzle-orm';
import { subscriptions, users } from '../../db/schema/index.ts';
import type { DemoProvider } from '../ports/payment-provider.ts';
import type { MembershipDeps } from '../membership/membership-deps.ts';
import { confirmDemoPayment } from '../membership/confirm-demo-payment.ts';
import { startSubscription } from '../membership/start-subscription.ts';

/** The demo card that pays (Stripe's test number), with a date that never expires for the demo. */
const DEMO_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };

/**
 * A demo member of a sold tier pays like anyone (DESIGN §7.13: only a paid invoice grants a paid
 * tier): once, on a fresh demo database, their subscription to the tier the seed gave them is
 * started and paid by the month through the offline provider, so /profile and /subscribe-success
 * tell the truth about it. Answers whether it paid.
 */
export async function seedDemoMembership(deps: MembershipDeps & { demo: DemoProvider | null }, username: string): Promise<boolean> {
  const { db, demo } = deps;
  if (!demo) return false;
  const [member] = await db.select().from(users).where(eq(users.username, username));
  if (!member) return false;
  if ((await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, member.id)).limit(1)).length > 0) return false;
  // The seed wrote the tier; the payment is what decides it.
  const plan = planFor(member.membershipTier, 'month') ?? DEFAULT_PLAN;
  const [free] = await db.update(users).set({ membershipTier: TIERS[0] }).where(eq(users.id, member.id)).returning();
  const started = await startSubscription(deps, free!, plan);
  await confirmDemoPayment({ ...deps, demo }, free!, { clientSecret: started.clientSecret, ...DEMO_CARD });
  return true;
}
