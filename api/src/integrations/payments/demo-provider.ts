import { createHash, randomBytes } from 'node:crypto';
import { isPlanId, PLANS, type BillingInterval } from '@app/shared/browser';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { demoProviderSubscriptions } from '../../db/schema/index.ts';
import { PaymentProviderError, type DemoCard, type DemoProvider, type PaymentEvent, type PaymentProvider, type ProviderSubscription } from '../../domain/ports/payment-provider.ts';

/** Stripe's test cards decide the outcome, as they would in Stripe's test mode (DESIGN §7.13). */
const OUTCOMES: Record<string, string | null> = {
  '4242424242424242': null,
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
};

const id = (prefix: string) => `${prefix}_demo_${randomBytes(12).toString('hex')}`;

function addInterval(from: Date, interval: BillingInterval): Date {
  const d = new Date(from);
  if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
  else d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d;
}

/** Checks a card the way a card network would, before deciding; never stores or logs it. */
function cardProblem(card: DemoCard, now: Date): string | null {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits)) return 'Your card number is incomplete.';
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) return "Your card's expiration month is invalid.";
  const endOfMonth = new Date(Date.UTC(card.expYear, card.expMonth, 1));
  if (endOfMonth <= now) return "Your card's expiration date is in the past.";
  if (!/^\d{3,4}$/.test(card.cvc)) return "Your card's security code is incomplete.";
  return null;
}

/**
 * The offline payment provider: it keeps its own subscriptions (as Stripe would) and plays the
 * card network when the member pays. Its payments come back as the same events Stripe's webhook
 * delivers, so granting Pro has one code path (domain/membership/handle-payment-event.ts).
 */
export function createDemoProvider(db: Db, clock: () => Date = () => new Date()): DemoProvider {
  const toSubscription = (row: typeof demoProviderSubscriptions.$inferSelect): ProviderSubscription => ({
    id: row.id,
    customerId: row.customerId,
    plan: isPlanId(row.plan) ? row.plan : null,
    interval: row.interval,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodEnd: row.currentPeriodEnd,
  });

  async function find(subscriptionId: string) {
    const [row] = await db.select().from(demoProviderSubscriptions).where(eq(demoProviderSubscriptions.id, subscriptionId));
    if (!row) throw new PaymentProviderError(`No such subscription: ${subscriptionId}`, 'not_found');
    return row;
  }
  // What a plan costs is read from the catalogue at each charge, as Stripe charges its price's amount.
  const priceOf = (row: typeof demoProviderSubscriptions.$inferSelect) => (isPlanId(row.plan) ? PLANS[row.plan].cents : 0);

  const provider: PaymentProvider = {
    name: 'demo',
    publishableKey: null,
    async createCustomer(member) {
      return `cus_demo_${member.id}`;
    },
    async createSubscription(customerId, plan) {
      const [row] = await db
        .insert(demoProviderSubscriptions)
        .values({ id: id('sub'), customerId, plan, interval: PLANS[plan].interval, status: 'incomplete', clientSecret: `${id('pi')}_secret_${randomBytes(12).toString('hex')}` })
        .returning();
      return { subscription: toSubscription(row!), clientSecret: row!.clientSecret };
    },
    async getSubscription(subscriptionId) {
      return toSubscription(await find(subscriptionId));
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const [row] = await db.update(demoProviderSubscriptions).set({ cancelAtPeriodEnd: cancel }).where(eq(demoProviderSubscriptions.id, subscriptionId)).returning();
      if (!row) throw new PaymentProviderError(`No such subscription: ${subscriptionId}`, 'not_found');
      return toSubscription(row);
    },
    async cancelSubscription(subscriptionId) {
      const row = await find(subscriptionId);
      if (row.status === 'canceled') return toSubscription(row);
      const [ended] = await db.update(demoProviderSubscriptions).set({ status: 'canceled' }).where(eq(demoProviderSubscriptions.id, subscriptionId)).returning();
      return toSubscription(ended!);
    },
  };

  return {
    ...provider,
    /**
     * Charges the first invoice with a test card. Success makes the subscription active for one
     * period; a decline leaves it incomplete. Either way the outcome is an event for the handler.
     */
    async confirmPayment(clientSecret: string, card: DemoCard): Promise<PaymentEvent> {
      const [row] = await db.select().from(demoProviderSubscriptions).where(eq(demoProviderSubscriptions.clientSecret, clientSecret));
      if (!row) throw new PaymentProviderError('This payment could not be found.', 'not_found');
      // A voided subscription's payment cannot be made any more (as Stripe's voided invoice).
      if (row.status === 'canceled') throw new PaymentProviderError('This payment was cancelled. Please start again from the subscribe page.', 'not_found');
      const base = { subscriptionId: row.id, customerId: row.customerId, invoice: { id: `in_${createHash('sha256').update(clientSecret).digest('hex').slice(0, 24)}`, amountCents: priceOf(row) } };
      const now = clock();
      const problem = cardProblem(card, now);
      const digits = card.cardNumber.replace(/[\s-]/g, '');
      const declined = problem ?? (digits in OUTCOMES ? OUTCOMES[digits]! : 'Your card was declined.');
      if (declined) return { id: id('evt'), type: 'invoice.payment_failed', ...base, failureMessage: declined };
      if (row.status === 'incomplete') {
        await db.update(demoProviderSubscriptions).set({ status: 'active', currentPeriodEnd: addInterval(now, row.interval) }).where(eq(demoProviderSubscriptions.id, row.id));
      }
      return { id: id('evt'), type: 'invoice.paid', ...base, failureMessage: null };
    },
    /**
     * The passing of time at the provider: a period that has ended renews (the card on file is
     * charged again) unless the member cancelled, in which case the subscription ends.
     */
    async advance(): Promise<PaymentEvent[]> {
      const now = clock();
      const due = await db
        .select()
        .from(demoProviderSubscriptions)
        .where(and(inArray(demoProviderSubscriptions.status, ['active', 'past_due']), lt(demoProviderSubscriptions.currentPeriodEnd, now)));
      const events: PaymentEvent[] = [];
      for (const row of due) {
        if (row.cancelAtPeriodEnd) {
          await db.update(demoProviderSubscriptions).set({ status: 'canceled' }).where(eq(demoProviderSubscriptions.id, row.id));
          events.push({ id: id('evt'), type: 'customer.subscription.deleted', subscriptionId: row.id, customerId: row.customerId, invoice: null, failureMessage: null });
        } else {
          const periodEnd = addInterval(row.currentPeriodEnd!, row.interval);
          await db.update(demoProviderSubscriptions).set({ status: 'active', currentPeriodEnd: periodEnd }).where(eq(demoProviderSubscriptions.id, row.id));
          events.push({ id: id('evt'), type: 'invoice.paid', subscriptionId: row.id, customerId: row.customerId, invoice: { id: id('in'), amountCents: priceOf(row) }, failureMessage: null });
        }
      }
      return events;
    },
  };
}
