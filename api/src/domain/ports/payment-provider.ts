import type { BillingInterval, PlanId } from '@app/shared/browser';

/** A subscription as the provider holds it: the source of truth for status and period end (providers: integrations/payments/). */
export type ProviderSubscription = {
  id: string;
  customerId: string;
  /** The catalogue's plan it sells; null when the provider's price is none of ours. */
  plan: PlanId | null;
  interval: BillingInterval;
  /** incomplete, active, past_due, canceled, incomplete_expired, unpaid (Stripe's words). */
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
};

/**
 * A provider event, in the few words the membership cares about. Stripe's webhook events and the
 * demo provider's payments both become these and go through one handler.
 */
export type PaymentEvent = {
  id: string;
  type: 'invoice.paid' | 'invoice.payment_failed' | 'customer.subscription.updated' | 'customer.subscription.deleted' | (string & {});
  subscriptionId: string | null;
  customerId: string | null;
  invoice: { id: string; amountCents: number } | null;
  /** The provider's own message for a failed payment ("Your card was declined."). */
  failureMessage: string | null;
};

export type PaymentProvider = {
  readonly name: 'stripe' | 'demo';
  /** What the subscribe page needs to show the provider's payment form (Stripe's publishable key). */
  readonly publishableKey: string | null;
  createCustomer(member: { id: number; email: string; name: string }, idempotencyKey: string): Promise<string>;
  /** A subscription to `plan` waiting for its first payment, and the secret the payment form confirms with. */
  createSubscription(customerId: string, plan: PlanId, idempotencyKey: string): Promise<{ subscription: ProviderSubscription; clientSecret: string }>;
  getSubscription(id: string): Promise<ProviderSubscription>;
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription>;
  /** Ends a subscription now (an unpaid one is voided: its payment can no longer be made). Ending an ended one is no error. */
  cancelSubscription(id: string): Promise<ProviderSubscription>;
};

/**
 * What went wrong at the provider, in kinds the membership turns into answers
 * (domain/membership/payment-errors.ts): a card declined, something the provider does not know,
 * or the provider unavailable (down, timed out, refusing our key or our request).
 */
export type PaymentFailure = 'declined' | 'not_found' | 'unavailable';

/** A provider's failure with the sentence a member or admin can act on. */
export class PaymentProviderError extends Error {
  readonly kind: PaymentFailure;
  constructor(message: string, kind: PaymentFailure) {
    super(message);
    this.name = 'PaymentProviderError';
    this.kind = kind;
  }
}

/** A card as the demo checkout sends it (never stored). */
export type DemoCard = { cardNumber: string; expMonth: number; expYear: number; cvc: string };

/**
 * The offline provider (integrations/payments/demo-provider.ts), which also plays the card network:
 * `confirmPayment` charges a first invoice with a test card; `advance` is the passing of time
 * (renewals, cancellations at period end). Both answer the events Stripe's webhook would send.
 */
export type DemoProvider = PaymentProvider & {
  confirmPayment(clientSecret: string, card: DemoCard): Promise<PaymentEvent>;
  advance(): Promise<PaymentEvent[]>;
};
