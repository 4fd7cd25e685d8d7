import { eq } from 'drizzle-orm';
import { invoices, paymentEvents } from '../../db/schema/index.ts';
import { PaymentProviderError, type PaymentEvent } from '../ports/payment-provider.ts';
import type { MembershipDeps } from './membership-deps.ts';
import { sendMembershipMail } from './membership-mail.ts';
import { withPaymentErrors } from './payment-errors.ts';
import { syncSubscription } from './sync-subscription.ts';

export type EventOutcome = 'handled' | 'duplicate' | 'ignored' | 'unknown-customer' | 'unknown-subscription';

/**
 * The one path by which payments change memberships: Stripe's webhook and the demo provider's
 * payments both end here. Each event is handled once (its id is stored); a repeated delivery
 * has no second effect. The subscription's own state is re-read from the provider, so events
 * arriving late or out of order cannot undo a newer state. A receipt or failure notice is sent
 * once per invoice. An event about a subscription the provider itself does not know is
 * acknowledged with a warning (answering 500 would have Stripe retry it for days); a provider that
 * cannot be reached is a 503, so the event is delivered again later.
 */
export async function handlePaymentEvent(deps: MembershipDeps, event: PaymentEvent): Promise<EventOutcome> {
  const { db, provider, logger } = deps;
  const [seen] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, event.id));
  if (seen) return 'duplicate';
  const record = (outcome: EventOutcome, summary: Record<string, unknown>) =>
    db.insert(paymentEvents).values({ id: event.id, provider: provider.name, type: event.type, summary: { outcome, ...summary } }).onConflictDoNothing().then(() => outcome);

  const relevant = ['invoice.paid', 'invoice.payment_failed', 'customer.subscription.updated', 'customer.subscription.deleted'].includes(event.type);
  if (!relevant || !event.subscriptionId) {
    logger.info({ eventId: event.id, type: event.type }, 'payment event acknowledged and ignored');
    return record('ignored', {});
  }
  const subscriptionId = event.subscriptionId;
  const subscription = await withPaymentErrors(logger, () =>
    syncSubscription(deps, subscriptionId).catch((err: unknown) => {
      if (err instanceof PaymentProviderError && err.kind === 'not_found') return 'unknown' as const;
      throw err;
    }),
  );
  if (subscription === 'unknown') {
    logger.warn({ eventId: event.id, type: event.type, subscription: subscriptionId }, 'payment event for a subscription the provider does not know acknowledged');
    return record('unknown-subscription', { subscription: subscriptionId });
  }
  if (!subscription) {
    logger.warn({ eventId: event.id, type: event.type, customer: event.customerId }, 'payment event for an unknown customer acknowledged');
    return record('unknown-customer', { customer: event.customerId });
  }
  const summary = { userId: subscription.userId, subscription: subscription.providerSubscriptionId, status: subscription.status, amountCents: event.invoice?.amountCents ?? null, message: event.failureMessage };

  if (event.invoice && (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed')) {
    const status = event.type === 'invoice.paid' ? 'paid' : 'failed';
    const [added] = await db
      .insert(invoices)
      .values({ provider: provider.name, providerInvoiceId: event.invoice.id, userId: subscription.userId, subscriptionId: subscription.id, amountCents: event.invoice.amountCents, status })
      .onConflictDoNothing()
      .returning({ id: invoices.id });
    if (added) {
      await sendMembershipMail(
        deps,
        subscription.userId,
        status === 'paid'
          ? { kind: 'receipt', plan: subscription.plan, amountCents: event.invoice.amountCents, periodEnd: subscription.currentPeriodEnd }
          : { kind: 'payment-failed', plan: subscription.plan, message: event.failureMessage ?? 'Your payment could not be processed.' },
      );
    }
  }
  return record('handled', summary);
}

