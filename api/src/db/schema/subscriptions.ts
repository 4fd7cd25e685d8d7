import { BILLING_INTERVALS } from '@app/shared/browser';
import { boolean, index, integer, jsonb, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { app } from './content.ts';

export const PAYMENT_PROVIDERS = ['stripe', 'demo'] as const;

/** One payment-provider customer per member and provider. */
export const paymentCustomers = app.table(
  'payment_customers',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_customers_user_provider_idx').on(t.userId, t.provider), uniqueIndex('payment_customers_customer_idx').on(t.provider, t.customerId)],
);

/**
 * Our copy of a provider's subscription: always re-read from the provider (its own status and
 * period end decide), never derived from the order events arrive in.
 */
export const subscriptions = app.table(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    interval: text('interval', { enum: BILLING_INTERVALS }).notNull().default('month'),
    /** The plan bought (the plan catalogue's id, e.g. "pro-month"): the paid plan decides the tier. */
    plan: text('plan').notNull().default('pro-month'),
    /** The provider's status: incomplete, active, past_due, canceled, incomplete_expired, unpaid. */
    status: text('status').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** The first payment's client secret (reused on a retry; only its member may confirm with it). */
    clientSecret: text('client_secret'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscriptions_provider_id_idx').on(t.provider, t.providerSubscriptionId), index('subscriptions_user_idx').on(t.userId), index('subscriptions_period_end_idx').on(t.currentPeriodEnd)],
);

/** Invoices paid or failed, for receipts, revenue figures and failed-payment lists. */
export const invoices = app.table(
  'invoices',
  {
    id: serial('id').primaryKey(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerInvoiceId: text('provider_invoice_id').notNull(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['paid', 'failed'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invoices_provider_id_status_idx').on(t.provider, t.providerInvoiceId, t.status)],
);

/** Every provider event handled, so a repeated delivery has no second effect. */
export const paymentEvents = app.table('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
  type: text('type').notNull(),
  /** What the event concerned and what was done, for the admin's recent-events list. */
  summary: jsonb('summary').notNull().default({}),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The demo provider's own books: it plays the card network and Stripe, so it keeps the
 * subscriptions it "issued" here, apart from our copy in `subscriptions`.
 */
export const demoProviderSubscriptions = app.table('demo_provider_subscriptions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  interval: text('interval', { enum: BILLING_INTERVALS }).notNull(),
  plan: text('plan').notNull().default('pro-month'),
  status: text('status').notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  clientSecret: text('client_secret').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
