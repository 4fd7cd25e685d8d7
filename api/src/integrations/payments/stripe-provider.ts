import { PLANS, type PlanId } from '@app/shared/browser';
import Stripe from 'stripe';
import { PaymentProviderError, type PaymentEvent, type PaymentProvider, type ProviderSubscription } from '../../domain/ports/payment-provider.ts';

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The Stripe price id of each plan of the catalogue (config.ts reads them from STRIPE_PRICES). */
  prices: Record<PlanId, string>;
  /** Where the Stripe API is; tests point this at a local server speaking Stripe's wire format. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** How long one call may take (default 15 s), and how often a failed call is retried (default 2). */
  timeoutMs?: number;
  maxNetworkRetries?: number;
};

/** Stripe's signature tolerance for webhooks (seconds), either side of now. */
export const WEBHOOK_TOLERANCE = 300;

const ENDED = ['canceled', 'incomplete_expired'];

const idOf = (value: string | { id: string } | null | undefined) => (value == null ? null : typeof value === 'string' ? value : value.id);

/** Stripe's failures as sentences for members and admins (card, unknown object, the API's key, network, Stripe itself). */
async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError) throw new PaymentProviderError(err.message, 'declined');
    if (err instanceof Stripe.errors.StripeInvalidRequestError && (err.statusCode === 404 || err.code === 'resource_missing')) throw new PaymentProviderError(`The payment provider does not know what we asked for while trying to ${what}: ${err.message}`, 'not_found');
    if (err instanceof Stripe.errors.StripeAuthenticationError) throw new PaymentProviderError(`The payment provider refused our API key while trying to ${what}.`, 'unavailable');
    if (err instanceof Stripe.errors.StripeConnectionError) throw new PaymentProviderError(`The payment provider could not be reached to ${what}.`, 'unavailable');
    if (err instanceof Stripe.errors.StripeError) throw new PaymentProviderError(`The payment provider could not ${what}: ${err.message}`, 'unavailable');
    throw err;
  }
}

/** The `t=` of a Stripe-Signature header, in seconds. */
function signedAt(signature: string): number | null {
  const t = signature.split(',').find((part) => part.trim().startsWith('t='));
  const seconds = t ? Number(t.trim().slice(2)) : NaN;
  return Number.isFinite(seconds) ? seconds : null;
}

/** Stripe (test mode): customers, subscriptions with an incomplete first invoice, signed webhooks. */
export function createStripeProvider(settings: StripeSettings) {
  const stripe = new Stripe(settings.secretKey, { maxNetworkRetries: settings.maxNetworkRetries ?? 2, timeout: settings.timeoutMs ?? 15_000, telemetry: false, ...(settings.api ?? {}) });
  const planOfPrice = new Map(Object.entries(settings.prices).map(([plan, price]) => [price, plan as PlanId]));

  function toSubscription(s: Stripe.Subscription): ProviderSubscription {
    // Since API version 2025-03-31 the period lives on the subscription's items.
    const item = s.items.data[0];
    const plan = (item && planOfPrice.get(item.price.id)) ?? null;
    return {
      id: s.id,
      customerId: idOf(s.customer)!,
      plan,
      interval: plan ? PLANS[plan].interval : item?.price.recurring?.interval === 'year' ? 'year' : 'month',
      status: s.status,
      cancelAtPeriodEnd: s.cancel_at_period_end,
      currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
    };
  }

  const provider: PaymentProvider = {
    name: 'stripe',
    publishableKey: settings.publishableKey,
    async createCustomer(member, idempotencyKey) {
      const customer = await call('create a customer', () =>
        stripe.customers.create({ email: member.email, name: member.name, metadata: { userId: String(member.id) } }, { idempotencyKey }),
      );
      return customer.id;
    },
    async createSubscription(customerId, plan, idempotencyKey) {
      const s = await call('start the subscription', () =>
        stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: settings.prices[plan] }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            expand: ['latest_invoice.confirmation_secret'],
          },
          { idempotencyKey },
        ),
      );
      const invoice = s.latest_invoice as Stripe.Invoice | null;
      const clientSecret = invoice?.confirmation_secret?.client_secret;
      if (!clientSecret) throw new PaymentProviderError('The payment provider did not return a payment to confirm.', 'unavailable');
      return { subscription: toSubscription(s), clientSecret };
    },
    async getSubscription(id) {
      return toSubscription(await call('read the subscription', () => stripe.subscriptions.retrieve(id)));
    },
    async setCancelAtPeriodEnd(id, cancel) {
      return toSubscription(await call('change the subscription', () => stripe.subscriptions.update(id, { cancel_at_period_end: cancel })));
    },
    async cancelSubscription(id) {
      const current = await call('read the subscription', () => stripe.subscriptions.retrieve(id));
      if (ENDED.includes(current.status)) return toSubscription(current);
      const ended = await call('end the subscription', () => stripe.subscriptions.cancel(id));
      // An unpaid first invoice is voided too, so its payment form can no longer charge the card.
      const invoice = idOf(current.latest_invoice);
      if (current.status === 'incomplete' && invoice) await call('void the unpaid invoice', () => stripe.invoices.voidInvoice(invoice));
      return toSubscription(ended);
    },
  };

  return {
    ...provider,
    /**
     * Verifies the signature over the raw body and reads the event; throws on a bad signature or
     * one signed more than 300 s ago or ahead (Stripe's library checks only the past).
     */
    parseWebhook(rawBody: Buffer, signature: string, now: Date = new Date()): PaymentEvent {
      const at = signedAt(signature);
      if (at !== null && at > now.getTime() / 1000 + WEBHOOK_TOLERANCE) throw new Error('The signature is dated in the future.');
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
    /** For tests and local tools: a signature header Stripe would send for this payload (signed at `timestamp`, in seconds). */
    signatureFor(payload: string, timestamp?: number): string {
      return stripe.webhooks.generateTestHeaderString({ payload, secret: settings.webhookSecret, ...(timestamp ? { timestamp } : {}) });
    },
  };
}
export type StripeProvider = ReturnType<typeof createStripeProvider>;
