import { PLANS, formatPlanPrice } from '@app/shared/browser';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProviderSubscriptions, invoices, mailOutbox, subscriptions, users } from '../src/db/schema/index.ts';
import { ensureAccount } from '../src/domain/accounts/ensure-accounts.ts';
import { applyMembershipTier } from '../src/domain/membership/apply-tier.ts';
import { expireSubscriptions } from '../src/domain/membership/expire-subscriptions.ts';
import { handlePaymentEvent } from '../src/domain/membership/handle-payment-event.ts';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { createDemoProvider } from '../src/integrations/payments/demo-provider.ts';
import { browserClient } from './browser-client.ts';
import { signInStaff } from './second-factor-helpers.ts';
import { startFakeCms } from './fake-cms.ts';
import { sampleRecords } from './fixtures.ts';
import { silentLogger, startTestApp, TEST_SECRET } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let cms: Awaited<ReturnType<typeof startFakeCms>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
let demo: ReturnType<typeof createDemoProvider>;
// The test's clock: moved past a period's end to see the scheduled check at work.
let now = new Date();
const clock = () => now;

const card = (cardNumber: string) => ({ cardNumber, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' });

async function member(username: string, tier: 'free' | 'pro' | 'vip' = 'free', admin = false) {
  await ensureAccount(testDb.db, { username, email: `${username}@example.com`, password: 'pass-word-1', tier, admin });
  const c = browserClient(app.base);
  if (admin) await signInStaff(c, username, 'pass-word-1');
  else expect((await c.post('/api/login', { username, password: 'pass-word-1' })).status).toBe(200);
  return c;
}

const mailsTo = async (username: string) => (await testDb.db.select().from(mailOutbox).where(eq(mailOutbox.to, `${username}@example.com`))).map((m) => m.subject);
const tierOf = async (username: string) => (await testDb.db.select({ t: users.membershipTier }).from(users).where(eq(users.username, username)))[0]!.t;

beforeAll(async () => {
  testDb = await createTestDatabase();
  cms = await startFakeCms(sampleRecords(), TEST_SECRET);
  demo = createDemoProvider(testDb.db, clock);
  app = await startTestApp({ db: testDb.db, source: createCmsContentSource(cms.url, TEST_SECRET), overrides: { payments: { provider: demo, demo, stripe: null, clock } } });
});
afterAll(async () => {
  await app?.close();
  await cms?.close();
  await testDb?.drop();
});

describe('becoming Pro with the demo provider', () => {
  it('is for signed-in members only', async () => {
    const visitor = browserClient(app.base);
    expect((await visitor.get('/api/subscriptions')).status).toBe(401);
    expect((await visitor.post('/api/subscription/create')).status).toBe(401);
  });

  it('starts one subscription however often the member submits', async () => {
    const m = await member('double_submit');
    const [a, b, c] = await Promise.all([m.post('/api/subscription/create'), m.post('/api/subscription/create'), m.post('/api/subscription/create')]);
    expect(a!.body).toMatchObject({ provider: 'demo', clientSecret: expect.stringMatching(/^pi_demo_/) });
    expect(b!.body.clientSecret).toBe(a!.body.clientSecret);
    expect(c!.body.clientSecret).toBe(a!.body.clientSecret);
    const [user] = await testDb.db.select().from(users).where(eq(users.username, 'double_submit'));
    expect(await testDb.db.select().from(subscriptions).where(eq(subscriptions.userId, user!.id))).toHaveLength(1);
  });

  it('lets Stripe’s test cards decide, and a decline grants nothing', async () => {
    const m = await member('decliner');
    const { clientSecret } = (await m.post('/api/subscription/create')).body;
    const declined = await m.post('/api/subscription/demo/confirm', { clientSecret, ...card('4000 0000 0000 0002') });
    expect(declined).toMatchObject({ status: 402, body: { message: 'Your card was declined.' } });
    expect((await m.post('/api/subscription/demo/confirm', { clientSecret, ...card('4000000000009995') })).body.message).toBe('Your card has insufficient funds.');
    expect((await m.post('/api/subscription/demo/confirm', { clientSecret, ...card('5555555555554444') })).body.message).toBe('Your card was declined.');
    expect((await m.post('/api/subscription/demo/confirm', { clientSecret, ...card('4242424242424242'), expYear: 2001 })).body.message).toBe("Your card's expiration date is in the past.");
    expect((await m.post('/api/subscription/demo/confirm', { clientSecret, ...card('4242424242424242'), expMonth: 13 })).status).toBe(400);
    expect(await tierOf('decliner')).toBe('free');
    expect(await mailsTo('decliner')).toContain('Your Better Self Pro payment did not go through');
    expect((await m.get('/api/subscriptions')).body).toMatchObject({ active: false, tier: 'free', status: 'incomplete' });
  });

  it('refuses another member’s payment', async () => {
    const owner = await member('secret_owner');
    const { clientSecret } = (await owner.post('/api/subscription/create')).body;
    const thief = await member('secret_thief');
    expect((await thief.post('/api/subscription/demo/confirm', { clientSecret, ...card('4242424242424242') })).status).toBe(404);
    expect(await tierOf('secret_thief')).toBe('free');
    expect(await tierOf('secret_owner')).toBe('free');
  });

  it('grants Pro for one period on a paid invoice, with a receipt, and refuses a second subscription', async () => {
    const m = await member('payer');
    const { clientSecret } = (await m.post('/api/subscription/create')).body;
    expect((await m.post('/api/subscription/demo/confirm', { clientSecret, ...card('4242 4242 4242 4242') })).body).toEqual({ status: 'succeeded' });
    expect(await tierOf('payer')).toBe('pro');
    expect((await m.get('/api/user')).body.membershipTier).toBe('pro');
    const info = (await m.get('/api/subscriptions')).body;
    expect(info).toMatchObject({ active: true, autoRenew: true, status: 'active', tier: 'pro', provider: 'demo', interval: 'month' });
    const days = (Date.parse(info.endDate) - now.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect(await mailsTo('payer')).toContain('Your Better Self Pro receipt');
    expect((await m.post('/api/subscription/create')).status).toBe(409);
    // Paying twice with the same secret charges nothing more.
    await m.post('/api/subscription/demo/confirm', { clientSecret, ...card('4242424242424242') });
    expect((await testDb.db.select().from(invoices).where(eq(invoices.status, 'paid'))).length).toBe(1);
  });

  it('never changes a tier through upgrade-membership', async () => {
    const m = await member('upgrader');
    expect((await m.post('/api/upgrade-membership', { tier: 'pro' })).body).toMatchObject({ next: '/subscribe?plan=pro-month' });
    const vip = await m.post('/api/upgrade-membership', { tier: 'vip' });
    expect(vip.status).toBe(400);
    expect(vip.body.message).toMatch(/contact support/i);
    expect(await tierOf('upgrader')).toBe('free');
    expect((await m.post('/api/upgrade-membership', { tier: 'gold' })).status).toBe(400);
  });

  it('cancels at the period’s end (with a mail), resumes, and ends Pro when the period ends', async () => {
    const m = await member('canceller');
    const { clientSecret } = (await m.post('/api/subscription/create')).body;
    await m.post('/api/subscription/demo/confirm', { clientSecret, ...card('4242424242424242') });
    expect((await m.post('/api/subscriptions/cancel')).body).toMatchObject({ active: true, autoRenew: false });
    expect(await mailsTo('canceller')).toContain('Your Better Self Pro membership will end');
    expect((await m.post('/api/subscriptions/resume')).body).toMatchObject({ autoRenew: true });
    const { endDate } = (await m.post('/api/subscriptions/cancel')).body;

    const demo = createDemoProvider(testDb.db, clock);
    const deps = { db: testDb.db, provider: demo, mailer: { send: async () => {} }, logger: silentLogger, publicUrl: 'http://localhost:3000', clock };
    const saved = now;
    try {
      now = new Date(Date.parse(endDate) + 60_000);
      await expireSubscriptions(deps, () => demo.advance());
      expect(await tierOf('canceller')).toBe('free');
      // The member's session sees it at once.
      expect((await m.get('/api/user')).body.membershipTier).toBe('free');
      expect((await m.get('/api/subscriptions')).body).toMatchObject({ active: false, status: 'canceled' });
      // Someone who did not cancel is renewed (the demo card network charges the card on file).
      expect(await tierOf('payer')).toBe('pro');
    } finally {
      now = saved;
    }
  });

  it('shows admins members and revenue, and nobody else', async () => {
    const admin = await member('money_admin', 'free', true);
    const overview = (await admin.get('/api/admin/membership')).body;
    expect(overview.members.pro).toBeGreaterThanOrEqual(1);
    expect(overview.mrrCents).toBeGreaterThanOrEqual(299);
    expect(overview.plans.map((p: { plan: string }) => p.plan)).toEqual(['pro-month', 'pro-year']);
    expect(overview.failedPayments.map((f: { username: string }) => f.username)).toContain('decliner');
    expect(overview.recentEvents.length).toBeGreaterThan(0);
    expect((await (await member('nosy_member')).get('/api/admin/membership')).status).toBe(403);
  });

  it('keeps VIP for admins to grant: paying never touches it, and a VIP cannot subscribe', async () => {
    const vip = await member('vip_guest', 'vip');
    expect((await vip.post('/api/subscription/create')).status).toBe(409);
    expect(await tierOf('vip_guest')).toBe('vip');
  });
});

describe('VIP', () => {
  it('is granted and taken back by admins only; taking it back leaves what the member pays for', async () => {
    const admin = await member('vip_admin', 'free', true);
    const payer = await member('vip_candidate');
    const { clientSecret } = (await payer.post('/api/subscription/create')).body;
    await payer.post('/api/subscription/demo/confirm', { clientSecret, ...card('4242424242424242') });
    const [row] = await testDb.db.select().from(users).where(eq(users.username, 'vip_candidate'));
    expect((await payer.post(`/api/admin/users/${row!.id}/vip`, { vip: true })).status).toBe(403);
    expect((await admin.post(`/api/admin/users/${row!.id}/vip`, { vip: true })).body.membershipTier).toBe('vip');
    expect((await payer.get('/api/user')).body.membershipTier).toBe('vip');
    expect((await admin.post(`/api/admin/users/${row!.id}/vip`, { vip: false })).body.membershipTier).toBe('pro');
    expect((await admin.post('/api/admin/users/99999999/vip', { vip: true })).status).toBe(404);
    expect((await admin.post(`/api/admin/users/${row!.id}/vip`, { vip: 'yes' })).status).toBe(400);
  });
});

const idOf = async (username: string) => (await testDb.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
const subscriptionsOf = async (username: string) => testDb.db.select().from(subscriptions).where(eq(subscriptions.userId, await idOf(username))).orderBy(subscriptions.id);
const deps = () => ({ db: testDb.db, provider: demo, mailer: { send: async () => {} }, logger: silentLogger, publicUrl: 'http://localhost:3000', clock });

/** A second subscription made and paid beside the first, as the code before one-at-a-time allowed. */
async function legacySecondSubscription(username: string, plan: 'pro-month' | 'pro-year', pay: boolean) {
  const userId = await idOf(username);
  const { subscription, clientSecret } = await demo.createSubscription(`cus_demo_${userId}`, plan, 'unused');
  await testDb.db.insert(subscriptions).values({ userId, provider: 'demo', providerSubscriptionId: subscription.id, plan, interval: PLANS[plan].interval, status: 'incomplete', clientSecret });
  if (pay) await handlePaymentEvent(deps(), await demo.confirmPayment(clientSecret, card('4242424242424242')));
  return clientSecret;
}

describe('plans', () => {
  it('a subscription records its plan and a paid plan decides the tier', async () => {
    const m = await member('yearly_payer');
    const started = (await m.post('/api/subscription/create', { plan: 'pro-year' })).body;
    expect(started.plan).toBe('pro-year');
    expect(await subscriptionsOf('yearly_payer')).toMatchObject([{ plan: 'pro-year', interval: 'year', status: 'incomplete' }]);
    expect(await tierOf('yearly_payer')).toBe('free');
    await m.post('/api/subscription/demo/confirm', { clientSecret: started.clientSecret, ...card('4242424242424242') });
    expect(await tierOf('yearly_payer')).toBe('pro');
    expect((await m.get('/api/subscriptions')).body).toMatchObject({ active: true, plan: 'pro-year', interval: 'year', charging: [{ plan: 'pro-year', status: 'active' }] });
    // A plan the catalogue does not sell pays for nothing.
    const userId = await idOf('yearly_payer');
    await testDb.db.update(subscriptions).set({ plan: 'gold-month' }).where(eq(subscriptions.userId, userId));
    expect(await applyMembershipTier(testDb.db, userId, now)).toBe('free');
    await testDb.db.update(subscriptions).set({ plan: 'pro-year' }).where(eq(subscriptions.userId, userId));
    expect(await applyMembershipTier(testDb.db, userId, now)).toBe('pro');
    expect((await m.post('/api/subscription/create', { plan: 'gold-month' })).status).toBe(400);
  });

  it('changing a plan’s price in the catalogue changes what /subscribe shows, the demo charge, the receipt and the revenue view together', async () => {
    const admin = await member('price_admin', 'free', true);
    const yearlyRevenue = async () => (await admin.get('/api/admin/membership')).body.plans.find((p: { plan: string }) => p.plan === 'pro-year');
    const before = await yearlyRevenue();
    const price = PLANS['pro-year'].cents;
    PLANS['pro-year'].cents = 4200;
    try {
      expect(formatPlanPrice('pro-year')).toBe('$42.00/year');
      const m = await member('new_price_payer');
      const { clientSecret } = (await m.post('/api/subscription/create', { plan: 'pro-year' })).body;
      await m.post('/api/subscription/demo/confirm', { clientSecret, ...card('4242424242424242') });
      const [invoice] = await testDb.db.select().from(invoices).where(eq(invoices.userId, await idOf('new_price_payer')));
      expect(invoice!.amountCents).toBe(4200);
      const [receipt] = await testDb.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'new_price_payer@example.com'));
      expect(receipt!.text).toContain('$42.00');
      const after = await yearlyRevenue();
      expect(after.subscribers).toBe(before.subscribers + 1);
      expect(after.mrrCents).toBe(Math.round((after.subscribers * 4200) / 12));
    } finally {
      PLANS['pro-year'].cents = price;
    }
  });
});

describe('one subscription at a time', () => {
  it('replaces the unpaid subscription when the member starts another plan; the replaced one can no longer be paid', async () => {
    const m = await member('plan_switcher');
    const monthly = (await m.post('/api/subscription/create', { plan: 'pro-month' })).body;
    const yearly = (await m.post('/api/subscription/create', { plan: 'pro-year' })).body;
    expect(yearly.clientSecret).not.toBe(monthly.clientSecret);
    expect((await subscriptionsOf('plan_switcher')).map((s) => [s.plan, s.status])).toEqual([['pro-month', 'canceled'], ['pro-year', 'incomplete']]);
    const old = await m.post('/api/subscription/demo/confirm', { clientSecret: monthly.clientSecret, ...card('4242424242424242') });
    expect(old).toMatchObject({ status: 409, body: { message: 'This payment was replaced by a newer one and was not taken. Please start again from the subscribe page.' } });
    expect(await tierOf('plan_switcher')).toBe('free');
    expect((await m.get('/api/subscriptions')).body.charging).toEqual([{ plan: 'pro-year', status: 'incomplete', renewsOn: null, provider: 'demo' }]);
    await m.post('/api/subscription/demo/confirm', { clientSecret: yearly.clientSecret, ...card('4242424242424242') });
    expect(await tierOf('plan_switcher')).toBe('pro');
    expect(await testDb.db.select().from(invoices).where(eq(invoices.userId, await idOf('plan_switcher')))).toHaveLength(1);
  });

  it('refuses to take an unpaid subscription’s payment from a member who is already Pro', async () => {
    const m = await member('already_paid');
    const first = (await m.post('/api/subscription/create', { plan: 'pro-month' })).body;
    await m.post('/api/subscription/demo/confirm', { clientSecret: first.clientSecret, ...card('4242424242424242') });
    const second = await legacySecondSubscription('already_paid', 'pro-year', false);
    const res = await m.post('/api/subscription/demo/confirm', { clientSecret: second, ...card('4242424242424242') });
    expect(res).toMatchObject({ status: 409, body: { message: 'You are already a Pro member, so this payment was not taken. Manage your membership from your profile.' } });
    const paid = await testDb.db.select().from(invoices).where(eq(invoices.userId, await idOf('already_paid')));
    expect(paid.map((i) => i.amountCents)).toEqual([PLANS['pro-month'].cents]);
  });

  it('shows every subscription that can still charge, cancels every active one, and resumes the one ending last', async () => {
    const m = await member('charged_twice');
    const first = (await m.post('/api/subscription/create', { plan: 'pro-month' })).body;
    await m.post('/api/subscription/demo/confirm', { clientSecret: first.clientSecret, ...card('4242424242424242') });
    await legacySecondSubscription('charged_twice', 'pro-year', true);
    const info = (await m.get('/api/subscriptions')).body;
    expect(info.charging.map((c: { plan: string; status: string }) => `${c.plan} ${c.status}`).sort()).toEqual(['pro-month active', 'pro-year active']);
    expect(info).toMatchObject({ active: true, autoRenew: true });
    const cancelled = (await m.post('/api/subscriptions/cancel')).body;
    expect(cancelled).toMatchObject({ active: true, autoRenew: false, charging: [] });
    expect((await subscriptionsOf('charged_twice')).map((s) => s.cancelAtPeriodEnd)).toEqual([true, true]);
    const resumed = (await m.post('/api/subscriptions/resume')).body;
    expect(resumed).toMatchObject({ autoRenew: true, plan: 'pro-year', charging: [{ plan: 'pro-year', status: 'active' }] });
  });

  it('answers 404, not 500, when the demo provider does not know the payment', async () => {
    const m = await member('lost_payment');
    const { clientSecret } = (await m.post('/api/subscription/create')).body;
    const [row] = await subscriptionsOf('lost_payment');
    await testDb.db.delete(demoProviderSubscriptions).where(eq(demoProviderSubscriptions.id, row!.providerSubscriptionId));
    expect((await m.post('/api/subscription/demo/confirm', { clientSecret, ...card('4242424242424242') })).status).toBe(404);
  });
});
