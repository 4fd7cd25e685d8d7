import type { BillingInterval } from '@app/shared/browser';
import Stripe from 'stripe';
import { PaymentProviderError, type PaymentEvent, type PaymentProvider, type ProviderSubscription } from './payment-provider.ts';

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Price ids of Pro, monthly and yearly (STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY). */
  prices: Record<BillingInterval, string>;
  /** Where the Stripe API is; tests point this at a local server speaking Stripe's wire format. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
};

/** Stripe's signature tolerance for webhooks (seconds). */
export const WEBHOOK_TOLERANCE = 300;

const idOf = (value: string | { id: string } | null | undefined) => (value == null ? null : typeof value === 'string' ? value : value.id);

function toSubscription(s: Stripe.Subscription): ProviderSubscription {
  // Since API version 2025-03-31 the period lives on the subscription's items.
  const item = s.items.data[0];
  return {
    id: s.id,
    customerId: idOf(s.customer)!,
    interval: item?.price.recurring?.interval === 'year' ? 'year' : 'month',
    status: s.status,
    cancelAtPeriodEnd: s.cancel_at_period_end,
    currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
  };
}

/** Stripe's failures as sentences for members and admins (the API's key, network, card). */
async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError) throw new PaymentProviderError(err.message);
    if (err instanceof Stripe.errors.StripeAuthenticationError) throw new PaymentProviderError(`The payment provider refused our API key while trying to ${what}.`);
    if (err instanceof Stripe.errors.StripeConnectionError) throw new PaymentProviderError(`The payment provider could not be reached to ${what}. Please try again.`);
    if (err instanceof Stripe.errors.StripeError) throw new PaymentProviderError(`The payment provider could not ${what}: ${err.message}`);
    throw err;
  }
}

/** Stripe (test mode): customers, subscriptions with an incomplete first invoice, signed webhooks. */
export function createStripeProvider(settings: StripeSettings) {
  const stripe = new Stripe(settings.secretKey, { maxNetworkRetries: 2, timeout: 15_000, telemetry: false, ...(settings.api ?? {}) });

  const provider: PaymentProvider = {
    name: 'stripe',
    publishableKey: settings.publishableKey,
    async createCustomer(member, idempotencyKey) {
      const customer = await call('create a customer', () =>
        stripe.customers.create({ email: member.email, name: member.name, metadata: { userId: String(member.id) } }, { idempotencyKey }),
      );
      return customer.id;
    },
    async createSubscription(customerId, interval, idempotencyKey) {
      const s = await call('start the subscription', () =>
        stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: settings.prices[interval] }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            expand: ['latest_invoice.confirmation_secret'],
          },
          { idempotencyKey },
        ),
      );
      const invoice = s.latest_invoice as Stripe.Invoice | null;
      const clientSecret = invoice?.confirmation_secret?.client_secret;
      if (!clientSecret) throw new PaymentProviderError('The payment provider did not return a payment to confirm.');
      return { subscription: toSubscription(s), clientSecret };
    },
    async getSubscription(id) {
      return toSubscription(await call('read the subscription', () => stripe.subscriptions.retrieve(id)));
    },
    async setCancelAtPeriodEnd(id, cancel) {
      return toSubscription(await call('change the subscription', () => stripe.subscriptions.update(id, { cancel_at_period_end: cancel })));
    },
  };

  return {
    ...provider,
    /** Verifies the signature over the raw body (300 s tolerance) and reads the event; throws on a bad signature. */
    parseWebhook(rawBody: Buffer, signature: string): PaymentEvent {
      const event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, WEBHOOK_TOLERANCE);
      const object = event.data.object as unknown as Record<string, unknown>;
      if (event.type.startsWith('invoice.')) {
        const invoice = object as unknown as Stripe.Invoice;
        return {
          id: event.id,
          type: event.type,
          subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
          customerId: idOf(invoice.customer),
          invoice: { id: invoice.id!, amountCents: event.type === 'invoice.paid' ? invoice.amount_paid : invoice.amount_due },
          failureMessage: event.type === 'invoice.payment_failed' ? 'Your payment could not be processed.' : null,
        };
      }
      if (event.type.startsWith('customer.subscription.')) {
        const s = object as unknown as Stripe.Subscription;
        return { id: event.id, type: event.type, subscriptionId: s.id, customerId: idOf(s.customer), invoice: null, failureMessage: null };
      }
      return { id: event.id, type: event.type, subscriptionId: null, customerId: null, invoice: null, failureMessage: null };
    },
    /** For tests and local tools: a signature header Stripe would send for this payload. */
    signatureFor(payload: string): string {
      return stripe.webhooks.generateTestHeaderString({ payload, secret: settings.webhookSecret });
    },
  };
}
export type StripeProvider = ReturnType<typeof createStripeProvider>;
