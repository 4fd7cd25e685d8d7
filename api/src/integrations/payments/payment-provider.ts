import type { BillingInterval } from '@app/shared/browser';

/** A subscription as the provider holds it: the source of truth for status and period end. */
export type ProviderSubscription = {
  id: string;
  customerId: string;
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
  /** A subscription waiting for its first payment, and the secret the payment form confirms with. */
  createSubscription(customerId: string, interval: BillingInterval, idempotencyKey: string): Promise<{ subscription: ProviderSubscription; clientSecret: string }>;
  getSubscription(id: string): Promise<ProviderSubscription>;
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription>;
};

/** Turns a provider error into the sentence a member or admin can act on. */
export class PaymentProviderError extends Error {}
