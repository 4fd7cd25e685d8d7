import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, mailOutbox, paymentCustomers, paymentEvents, subscriptions, users } from '../src/db/schema/index.ts';
import { ensureAccount } from '../src/domain/accounts/ensure-accounts.ts';
import { expireSubscriptions } from '../src/domain/membership/expire-subscriptions.ts';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { createStripeProvider } from '../src/integrations/payments/stripe-provider.ts';
import { browserClient } from './browser-client.ts';
import { startFakeCms } from './fake-cms.ts';
import { startFakeStripe } from './fake-stripe.ts';
import { sampleRecords } from './fixtures.ts';
import { silentLogger, startTestApp, TEST_SECRET } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let cms: Awaited<ReturnType<typeof startFakeCms>>;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
let stripe: ReturnType<typeof createStripeProvider>;
let now = new Date();
const clock = () => now;
const DAY = 86_400;

async function member(username: string) {
  await ensureAccount(testDb.db, { username, email: `${username}@example.com`, password: 'pass-word-1' });
  const c = browserClient(app.base);
  await c.post('/api/login', { username, password: 'pass-word-1' });
  return c;
}
const tierOf = async (username: string) => (await testDb.db.select({ t: users.membershipTier }).from(users).where(eq(users.username, username)))[0]!.t;
const idOf = async (username: string) => (await testDb.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
const subscriptionsOf = async (username: string) => testDb.db.select().from(subscriptions).where(eq(subscriptions.userId, await idOf(username))).orderBy(subscriptions.id);
/** What Stripe does when the first invoice of a subscription is paid, and the webhook telling us. */
async function payAtStripe(subscriptionId: string) {
  const sub = fake.subs.get(subscriptionId)!;
  fake.set(sub.id, { status: 'active', current_period_end: Math.floor(now.getTime() / 1000) + 30 * DAY });
  return deliver('invoice.paid', invoiceEvent(sub.id, sub.customer));
}

let eventCounter = 0;
/** Stripe's webhook delivery: a signed POST of the event's JSON. */
function deliver(type: string, object: Record<string, unknown>, opts: { id?: string; signature?: string | null; signedAt?: number } = {}) {
  const payload = JSON.stringify({ id: opts.id ?? `evt_${++eventCounter}`, object: 'event', type, api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), data: { object } });
  const signature = opts.signature === undefined ? stripe.signatureFor(payload, opts.signedAt) : opts.signature;
  return fetch(`${app.base}/api/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) }, body: payload });
}
const invoiceEvent = (subscription: string, customer: string, amount = 299, id = `in_${++eventCounter}`) => ({
  id, object: 'invoice', customer, amount_paid: amount, amount_due: amount,
  parent: { type: 'subscription_details', subscription_details: { subscription } },
});

beforeAll(async () => {
  testDb = await createTestDatabase();
  cms = await startFakeCms(sampleRecords(), TEST_SECRET);
  fake = await startFakeStripe();
  stripe = createStripeProvider({ secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake', webhookSecret: 'whsec_test', prices: { 'pro-month': 'price_pro_month', 'pro-year': 'price_pro_year' }, api: fake.api, timeoutMs: 400, maxNetworkRetries: 1 });
  app = await startTestApp({ db: testDb.db, source: createCmsContentSource(cms.url, TEST_SECRET), overrides: { payments: { provider: stripe, stripe, demo: null, clock } } });
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
  await cms?.close();
  await testDb?.drop();
});

describe('the Stripe client', () => {
  it('creates one customer and an incomplete subscription, answering the payment’s client secret', async () => {
    const m = await member('stripe_buyer');
    const res = await m.post('/api/subscription/create');
    expect(res.body).toEqual({ provider: 'stripe', plan: 'pro-month', publishableKey: 'pk_test_fake', clientSecret: expect.stringMatching(/^pi_sub_\w+_secret_x$/) });
    const again = await m.post('/api/subscription/create');
    expect(again.body.clientSecret).toBe(res.body.clientSecret);
    const calls = fake.requests.filter((r) => r.method === 'POST');
    expect(calls.map((r) => r.path)).toEqual(['/v1/customers', '/v1/subscriptions']);
    expect(calls.every((r) => r.idempotencyKey && r.auth === 'Bearer sk_test_fake')).toBe(true);
    const create = calls[1]!.body;
    expect([create.get('payment_behavior'), create.get('items[0][price]'), create.get('expand[0]')]).toEqual(['default_incomplete', 'price_pro_month', 'latest_invoice.confirmation_secret']);
    // The demo payment endpoint does not exist while Stripe is configured.
    expect((await m.post('/api/subscription/demo/confirm', { clientSecret: res.body.clientSecret, cardNumber: '4242424242424242', expMonth: 1, expYear: 2040, cvc: '123' })).status).toBe(404);
  });
});

describe('Stripe webhooks', () => {
  let subId = '';
  let customer = '';
  beforeAll(async () => {
    const m = await member('webhook_member');
    await m.post('/api/subscription/create');
    [subId, customer] = [...fake.subs.values()].filter((s) => s.status === 'incomplete').map((s) => [s.id, s.customer] as const).at(-1)!;
  });

  it('refuse a bad or missing signature with 400', async () => {
    expect((await deliver('invoice.paid', invoiceEvent(subId, customer), { signature: 't=1,v1=deadbeef' })).status).toBe(400);
    expect((await deliver('invoice.paid', invoiceEvent(subId, customer), { signature: null })).status).toBe(400);
    expect(await tierOf('webhook_member')).toBe('free');
  });

  it('grant Pro until the period end on invoice.paid, once however often the event arrives', async () => {
    fake.set(subId, { status: 'active', current_period_end: Math.floor(now.getTime() / 1000) + 30 * DAY });
    const event = invoiceEvent(subId, customer);
    for (let i = 0; i < 2; i++) expect((await deliver('invoice.paid', event, { id: 'evt_paid_once' })).status).toBe(200);
    expect(await tierOf('webhook_member')).toBe('pro');
    expect(await testDb.db.select().from(invoices).where(eq(invoices.providerInvoiceId, event.id))).toHaveLength(1);
    expect((await testDb.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'webhook_member@example.com'))).filter((m) => m.subject === 'Your Better Self Pro receipt')).toHaveLength(1);
    expect(await testDb.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_paid_once'))).toHaveLength(1);
  });

  it('mark a failed payment past due and tell the member, keeping Pro until the period ends', async () => {
    fake.set(subId, { status: 'past_due' });
    expect((await deliver('invoice.payment_failed', invoiceEvent(subId, customer))).status).toBe(200);
    expect(await tierOf('webhook_member')).toBe('pro');
    const mails = await testDb.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'webhook_member@example.com'));
    expect(mails.map((m) => m.subject)).toContain('Your Better Self Pro payment did not go through');
  });

  it('decide from the subscription’s own state, not arrival order: a late invoice.paid cannot revive a deleted subscription', async () => {
    fake.set(subId, { status: 'canceled' });
    expect((await deliver('customer.subscription.deleted', { id: subId, object: 'subscription', customer })).status).toBe(200);
    expect(await tierOf('webhook_member')).toBe('free');
    // The invoice of an earlier period arrives after the deletion.
    expect((await deliver('invoice.paid', invoiceEvent(subId, customer))).status).toBe(200);
    expect(await tierOf('webhook_member')).toBe('free');
  });

  it('acknowledge unknown customers and event types without a 500', async () => {
    fake.subs.set('sub_stranger', { id: 'sub_stranger', customer: 'cus_stranger', status: 'active', cancel_at_period_end: false, current_period_end: Math.floor(Date.now() / 1000) + DAY, price: 'price_pro_month', interval: 'month' });
    const unknown = await deliver('invoice.paid', invoiceEvent('sub_stranger', 'cus_stranger'));
    expect([unknown.status, (await unknown.json()).outcome]).toEqual([200, 'unknown-customer']);
    const other = await deliver('charge.refunded', { id: 'ch_1', object: 'charge' });
    expect([other.status, (await other.json()).outcome]).toEqual([200, 'ignored']);
  });

  it('end Pro after a cancellation at the period end once the clock passes it', async () => {
    const m = await member('stripe_canceller');
    await m.post('/api/subscription/create');
    const sub = [...fake.subs.values()].filter((s) => s.status === 'incomplete').at(-1)!;
    fake.set(sub.id, { status: 'active', current_period_end: Math.floor(now.getTime() / 1000) + 30 * DAY });
    await deliver('invoice.paid', invoiceEvent(sub.id, sub.customer));
    expect(await tierOf('stripe_canceller')).toBe('pro');
    expect((await m.post('/api/subscriptions/cancel')).body).toMatchObject({ active: true, autoRenew: false });
    expect(fake.subs.get(sub.id)!.cancel_at_period_end).toBe(true);
    await deliver('customer.subscription.updated', { id: sub.id, object: 'subscription', customer: sub.customer });
    expect(await tierOf('stripe_canceller')).toBe('pro');

    // The period ends; Stripe's own deletion event is lost; the scheduled check still frees the member.
    const saved = now;
    try {
      now = new Date(now.getTime() + 31 * DAY * 1000);
      fake.set(sub.id, { status: 'canceled' });
      await expireSubscriptions({ db: testDb.db, provider: stripe, mailer: { send: async () => {} }, logger: silentLogger, publicUrl: 'http://localhost:3000', clock });
      expect(await tierOf('stripe_canceller')).toBe('free');
    } finally {
      now = saved;
    }
  });
});

describe('Stripe webhooks, refused and acknowledged', () => {
  it('refuse a signature dated more than five minutes ahead with 400, and accept one a little ahead', async () => {
    const ahead = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
    const future = await deliver('charge.refunded', { id: 'ch_future', object: 'charge' }, { signedAt: ahead(10 * 60) });
    expect(future.status).toBe(400);
    expect((await deliver('charge.refunded', { id: 'ch_soon', object: 'charge' }, { signedAt: ahead(60) })).status).toBe(200);
  });

  it('acknowledge a signed event for a subscription Stripe does not know with 200, so Stripe stops retrying it', async () => {
    const res = await deliver('invoice.paid', invoiceEvent('sub_unknown_to_stripe', 'cus_nobody'), { id: 'evt_ghost' });
    expect([res.status, (await res.json()).outcome]).toEqual([200, 'unknown-subscription']);
    const [recorded] = await testDb.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_ghost'));
    expect(recorded?.summary).toMatchObject({ outcome: 'unknown-subscription', subscription: 'sub_unknown_to_stripe' });
  });

  it('answer 503 while Stripe cannot be read, so the event is delivered again', async () => {
    const m = await member('stripe_retry');
    await m.post('/api/subscription/create');
    const sub = [...fake.subs.values()].at(-1)!;
    fake.set(sub.id, { status: 'active', current_period_end: Math.floor(now.getTime() / 1000) + 30 * DAY });
    fake.outage('error', /^\/v1\/subscriptions\//);
    try {
      expect((await deliver('invoice.paid', invoiceEvent(sub.id, sub.customer), { id: 'evt_during_outage' })).status).toBe(503);
    } finally {
      fake.outage(null);
    }
    expect(await tierOf('stripe_retry')).toBe('free');
    expect((await deliver('invoice.paid', invoiceEvent(sub.id, sub.customer), { id: 'evt_during_outage' })).status).toBe(200);
    expect(await tierOf('stripe_retry')).toBe('pro');
  });
});

describe('plans and one subscription at a time, at Stripe', () => {
  it('records the plan a subscription buys (the plan’s Stripe price), and the paid plan decides the tier', async () => {
    const m = await member('stripe_yearly');
    expect((await m.post('/api/subscription/create', { plan: 'pro-year' })).body.plan).toBe('pro-year');
    const [row] = await subscriptionsOf('stripe_yearly');
    expect(fake.subs.get(row!.providerSubscriptionId)!.price).toBe('price_pro_year');
    expect(row).toMatchObject({ plan: 'pro-year', interval: 'year', status: 'incomplete' });
    expect((await payAtStripe(row!.providerSubscriptionId)).status).toBe(200);
    expect(await tierOf('stripe_yearly')).toBe('pro');
    expect((await m.get('/api/subscriptions')).body).toMatchObject({ active: true, plan: 'pro-year', interval: 'year' });
    expect((await m.post('/api/subscription/create', { plan: 'pro-month' })).status).toBe(409);
  });

  it('voids the unpaid subscription at Stripe when the member starts another plan, so only one can ever be paid', async () => {
    const m = await member('stripe_switcher');
    await m.post('/api/subscription/create', { plan: 'pro-month' });
    const yearly = (await m.post('/api/subscription/create', { plan: 'pro-year' })).body;
    expect(yearly.plan).toBe('pro-year');
    const [monthly, year] = await subscriptionsOf('stripe_switcher');
    expect([monthly!.plan, monthly!.status, year!.plan, year!.status]).toEqual(['pro-month', 'canceled', 'pro-year', 'incomplete']);
    expect(fake.subs.get(monthly!.providerSubscriptionId)!.status).toBe('canceled');
    expect(fake.voided.has(`in_${monthly!.providerSubscriptionId}`)).toBe(true);
    expect((await m.get('/api/subscriptions')).body.charging).toEqual([{ plan: 'pro-year', status: 'incomplete', renewsOn: null, provider: 'stripe' }]);
  });

  it('cancels every active subscription of a member charged twice (before the rule), and resumes one', async () => {
    const m = await member('stripe_twice');
    await m.post('/api/subscription/create', { plan: 'pro-month' });
    const [first] = await subscriptionsOf('stripe_twice');
    await payAtStripe(first!.providerSubscriptionId);
    // The second subscription, as the old code let it be made: started and paid beside the first.
    const [customer] = await testDb.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, await idOf('stripe_twice')));
    const { subscription } = await stripe.createSubscription(customer!.customerId, 'pro-year', 'legacy-second');
    await payAtStripe(subscription.id);
    expect((await m.get('/api/subscriptions')).body.charging.map((c: { plan: string }) => c.plan).sort()).toEqual(['pro-month', 'pro-year']);
    expect((await m.post('/api/subscriptions/cancel')).body).toMatchObject({ active: true, autoRenew: false, charging: [] });
    expect([fake.subs.get(first!.providerSubscriptionId)!.cancel_at_period_end, fake.subs.get(subscription.id)!.cancel_at_period_end]).toEqual([true, true]);
    const resumed = (await m.post('/api/subscriptions/resume')).body;
    expect(resumed).toMatchObject({ autoRenew: true, charging: [{ status: 'active' }] });
  });
});

describe('when Stripe fails', () => {
  it('answers 503 with a sentence a member can act on when Stripe answers 500, and leaves nothing half-written', async () => {
    const m = await member('stripe_outage');
    fake.outage('error', /^\/v1\/subscriptions$/);
    try {
      const res = await m.post('/api/subscription/create');
      expect(res).toMatchObject({ status: 503, body: { code: 'unavailable', message: 'Payments are unavailable right now. Please try again in a few minutes.' } });
    } finally {
      fake.outage(null);
    }
    expect(await subscriptionsOf('stripe_outage')).toEqual([]);
    expect((await m.post('/api/subscription/create')).status).toBe(200);
    expect(await subscriptionsOf('stripe_outage')).toMatchObject([{ status: 'incomplete', plan: 'pro-month' }]);
  });

  it('answers 503 when Stripe does not answer in time, and the retry finds the subscription Stripe made meanwhile', async () => {
    const m = await member('stripe_slow');
    const before = fake.subs.size;
    fake.outage('timeout', /^\/v1\/subscriptions$/);
    try {
      expect((await m.post('/api/subscription/create')).status).toBe(503);
    } finally {
      fake.outage(null);
    }
    expect(fake.subs.size).toBe(before + 1);
    expect(await subscriptionsOf('stripe_slow')).toEqual([]);
    const { clientSecret } = (await m.post('/api/subscription/create')).body;
    expect(fake.subs.size).toBe(before + 1);
    const rows = await subscriptionsOf('stripe_slow');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.clientSecret).toBe(clientSecret);
  });

  it('answers 402 with the decline message for a declined card', async () => {
    const m = await member('stripe_declined');
    fake.outage('decline', /^\/v1\/subscriptions$/);
    try {
      expect(await m.post('/api/subscription/create')).toMatchObject({ status: 402, body: { message: 'Your card was declined.' } });
    } finally {
      fake.outage(null);
    }
    expect(await subscriptionsOf('stripe_declined')).toEqual([]);
  });

  it('changes nothing when a cancellation cannot reach Stripe', async () => {
    const m = await member('stripe_cancel_outage');
    await m.post('/api/subscription/create');
    const [row] = await subscriptionsOf('stripe_cancel_outage');
    await payAtStripe(row!.providerSubscriptionId);
    fake.outage('error', /^\/v1\/subscriptions\//);
    try {
      expect((await m.post('/api/subscriptions/cancel')).status).toBe(503);
    } finally {
      fake.outage(null);
    }
    expect((await subscriptionsOf('stripe_cancel_outage'))[0]!.cancelAtPeriodEnd).toBe(false);
    expect((await m.get('/api/subscriptions')).body).toMatchObject({ active: true, autoRenew: true });
  });
});
