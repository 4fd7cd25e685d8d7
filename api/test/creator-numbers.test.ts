import { PLAN_IDS, PLANS } from '@app/shared/browser';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, invoices, orders, subscriptions, users } from '../src/db/schema/index.ts';
import { appForThisFile } from './file-app.ts';

// Issue 39 #1 and #5: members and revenue over time, from the database's own history. A history
// written here (January to April 2026) and the answers worked out by hand. VIP is not sold by the
// catalogue: admins grant it (the audit log holds each grant and taking back).
const t = appForThisFile();

const plan = (tier: 'pro' | 'vip', interval: 'month' | 'year') => PLAN_IDS.find((p) => PLANS[p].tier === tier && PLANS[p].interval === interval)!;
const at = (day: string) => new Date(`${day}T12:00:00.000Z`);

async function writeHistory() {
  const db = t.testDb.db;
  const person = async (username: string, joined: string, deleted?: string, tier: 'free' | 'vip' = 'free') =>
    (await db.insert(users).values({ username, email: `${username}@example.com`, passwordHash: 'x', membershipTier: tier, createdAt: at(joined), deletedAt: deleted ? at(deleted) : null }).returning())[0]!.id;
  const u1 = await person('h_one', '2025-12-15');
  const u2 = await person('h_two', '2026-01-10');
  const u3 = await person('h_three', '2026-02-05');
  const u4 = await person('h_four', '2026-02-20', '2026-03-10');
  const u5 = await person('h_five', '2026-03-01');
  // VIP is granted by admins: h_three from 25 February; h_six was made VIP when the account was
  // made (no entry for it) and taken back on 10 April.
  await db.update(users).set({ membershipTier: 'vip' }).where(eq(users.id, u3));
  const u6 = await person('h_six', '2026-01-05');
  await db.insert(auditLog).values([
    { action: 'user.vip_granted', targetUserId: u3, details: { from: 'free' }, createdAt: at('2026-02-25') },
    { action: 'user.vip_revoked', targetUserId: u6, details: { from: 'vip' }, createdAt: at('2026-04-10') },
  ]);
  const subscription = async (userId: number, planId: string, interval: 'month' | 'year', paid: [string, number][]) => {
    const [s] = await db.insert(subscriptions).values({ userId, provider: 'demo', providerSubscriptionId: `h_${planId}_${userId}`, plan: planId, interval, status: 'canceled', createdAt: at(paid[0]![0]) }).returning();
    for (const [day, cents] of paid) await db.insert(invoices).values({ provider: 'demo', providerInvoiceId: `h_inv_${userId}_${day}`, userId, subscriptionId: s!.id, amountCents: cents, status: 'paid', createdAt: at(day) });
    // A failed payment pays for nothing.
    await db.insert(invoices).values({ provider: 'demo', providerInvoiceId: `h_failed_${userId}`, userId, subscriptionId: s!.id, amountCents: cents0(paid), status: 'failed', createdAt: at('2026-04-28') });
  };
  const cents0 = (paid: [string, number][]) => paid[0]![1];
  await subscription(u2, plan('pro', 'month'), 'month', [['2026-01-15', 1000], ['2026-02-15', 1000]]);
  await subscription(u5, plan('pro', 'year'), 'year', [['2026-03-05', 12000]]);
  // Paid for a month, then deleted the account: a member no more from the day of the deletion.
  await subscription(u4, plan('pro', 'month'), 'month', [['2026-02-21', 1000]]);
  const order = (day: string, total: number, status: 'pending' | 'completed' | 'cancelled') => db.insert(orders).values({ userId: u1, status, subtotal: total, discount: 0, shipping: 0, tax: 0, total, shippingAddress: '1 Main St', createdAt: at(day) });
  await order('2026-01-20', 5000, 'pending');
  await order('2026-01-25', 2500, 'cancelled');
  await order('2026-03-03', 1200, 'completed');
}

describe('members and revenue over time', () => {
  it('count each month’s members by tier, and the paid memberships that began and ended, from accounts and paid invoices', async () => {
    await writeHistory();
    const admin = await t.member('numbers_admin', 'free', true);
    const res = await admin.get('/api/admin/stats/members?from=2026-01-01&to=2026-04-30&by=month');
    expect(res.status).toBe(200);
    expect(res.body.series).toEqual(
      [
        { date: '2026-01-01', free: 1, pro: 1, vip: 1, joined: 1, cancelled: 0 },
        { date: '2026-02-01', free: 1, pro: 2, vip: 2, joined: 1, cancelled: 0 },
        { date: '2026-03-01', free: 2, pro: 1, vip: 2, joined: 1, cancelled: 2 },
        { date: '2026-04-01', free: 3, pro: 1, vip: 1, joined: 0, cancelled: 0 },
      ],
    );
  });

  it('give the monthly recurring revenue at each period’s end, and the store’s takings and orders within it', async () => {
    const admin = await t.member('numbers_admin', 'free', true);
    const res = await admin.get('/api/admin/stats/revenue?from=2026-01-01&to=2026-04-30&by=month');
    expect(res.body.series).toEqual([
      { date: '2026-01-01', mrrCents: 1000, storeCents: 5000, orders: 1 },
      { date: '2026-02-01', mrrCents: 2000, storeCents: 0, orders: 0 },
      { date: '2026-03-01', mrrCents: 1000, storeCents: 1200, orders: 1 },
      { date: '2026-04-01', mrrCents: 1000, storeCents: 0, orders: 0 },
    ]);
  });

  // Issue 47 #13: the charts compare with the previous period.
  it('answer the same number of periods just before, and each series’ totals (members and revenue at the end, the rest summed)', async () => {
    const admin = await t.member('numbers_admin', 'free', true);
    expect((await admin.get('/api/admin/stats/members?from=2026-03-01&to=2026-04-30&by=month')).body).toEqual({
      series: [
        { date: '2026-03-01', free: 2, pro: 1, vip: 2, joined: 1, cancelled: 2 },
        { date: '2026-04-01', free: 3, pro: 1, vip: 1, joined: 0, cancelled: 0 },
      ],
      totals: { free: 3, pro: 1, vip: 1, joined: 1, cancelled: 2 },
      previous: {
        series: [
          { date: '2026-01-01', free: 1, pro: 1, vip: 1, joined: 1, cancelled: 0 },
          { date: '2026-02-01', free: 1, pro: 2, vip: 2, joined: 1, cancelled: 0 },
        ],
        totals: { free: 1, pro: 2, vip: 2, joined: 2, cancelled: 0 },
      },
    });
    expect((await admin.get('/api/admin/stats/revenue?from=2026-03-01&to=2026-04-30&by=month')).body).toEqual({
      series: [
        { date: '2026-03-01', mrrCents: 1000, storeCents: 1200, orders: 1 },
        { date: '2026-04-01', mrrCents: 1000, storeCents: 0, orders: 0 },
      ],
      totals: { mrrCents: 1000, storeCents: 1200, orders: 1 },
      previous: {
        series: [
          { date: '2026-01-01', mrrCents: 1000, storeCents: 5000, orders: 1 },
          { date: '2026-02-01', mrrCents: 2000, storeCents: 0, orders: 0 },
        ],
        totals: { mrrCents: 2000, storeCents: 5000, orders: 1 },
      },
    });
    // By week: the weeks before the first one asked for, Monday to Monday.
    const weeks = (await admin.get('/api/admin/stats/revenue?from=2026-01-21&to=2026-02-03&by=week')).body.previous.series;
    expect(weeks.map((w: { date: string }) => w.date)).toEqual(['2025-12-29', '2026-01-05', '2026-01-12']);
  });

  it('count a renewal paid before the last one ran out once, and a VIP who also pays for Pro as VIP (June–July 2025, answers by hand)', async () => {
    const db = t.testDb.db;
    const person = async (username: string, tier: 'free' | 'vip') => (await db.insert(users).values({ username, email: `${username}@example.com`, passwordHash: 'x', membershipTier: tier, createdAt: at('2025-05-01') }).returning())[0]!.id;
    const early = await person('e_early', 'free');
    const both = await person('e_both', 'vip');
    await db.insert(auditLog).values({ action: 'user.vip_granted', targetUserId: both, details: { from: 'free' }, createdAt: at('2025-06-10') });
    for (const [userId, days] of [[early, ['2025-06-01', '2025-06-25']], [both, ['2025-06-05']]] as const) {
      const [s] = await db.insert(subscriptions).values({ userId, provider: 'demo', providerSubscriptionId: `e_sub_${userId}`, plan: plan('pro', 'month'), interval: 'month', status: 'canceled', createdAt: at(days[0]) }).returning();
      for (const day of days) await db.insert(invoices).values({ provider: 'demo', providerInvoiceId: `e_inv_${userId}_${day}`, userId, subscriptionId: s!.id, amountCents: 1000, status: 'paid', createdAt: at(day) });
    }
    const admin = await t.member('numbers_admin', 'free', true);
    expect((await admin.get('/api/admin/stats/members?from=2025-06-01&to=2025-07-31&by=month')).body.series).toEqual([
      { date: '2025-06-01', free: 0, pro: 1, vip: 1, joined: 2, cancelled: 0 },
      { date: '2025-07-01', free: 1, pro: 0, vip: 1, joined: 0, cancelled: 2 },
    ]);
    // The early renewal takes over from the invoice it renews: one month's amount, not two.
    expect((await admin.get('/api/admin/stats/revenue?from=2025-06-01&to=2025-07-31&by=month')).body.series.map((p: { mrrCents: number }) => p.mrrCents)).toEqual([2000, 0]);
  });

  it('step by day and by ISO week (Mondays), and refuse a period that is back to front or too long', async () => {
    const admin = await t.member('numbers_admin', 'free', true);
    const days = (await admin.get('/api/admin/stats/members?from=2026-03-14&to=2026-03-16&by=day')).body.series;
    // The Pro month paid on 15 February runs out on 15 March at noon.
    expect(days.map((d: { date: string; pro: number; cancelled: number }) => [d.date, d.pro, d.cancelled])).toEqual([['2026-03-14', 2, 0], ['2026-03-15', 1, 1], ['2026-03-16', 1, 0]]);
    const weeks = (await admin.get('/api/admin/stats/revenue?from=2026-01-21&to=2026-02-03&by=week')).body.series;
    expect(weeks.map((w: { date: string; storeCents: number }) => [w.date, w.storeCents])).toEqual([['2026-01-19', 5000], ['2026-01-26', 0], ['2026-02-02', 0]]);
    expect((await admin.get('/api/admin/stats/members?from=2026-04-01&to=2026-03-01')).status).toBe(400);
    expect((await admin.get('/api/admin/stats/members?from=2020-01-01&to=2026-01-01&by=day')).body.message).toMatch(/at most 1000 periods/);
    expect((await admin.get('/api/admin/stats/revenue?by=year')).status).toBe(400);
    // Years PostgreSQL or JavaScript would read otherwise are refused, never a 500.
    for (const query of ['from=0000-01-01', 'from=0050-01-01&to=0050-03-01&by=month', 'to=9999-12-31']) expect((await admin.get(`/api/admin/stats/members?${query}`)).status, query).toBe(400);
    expect((await admin.get('/api/admin/stats/articles?from=0000-01-01')).status).toBe(400);
    expect((await admin.get('/api/admin/users?joinedTo=9999-12-31')).status).toBe(400);
  });

  it('are for admins only: visitors 401, members and moderators 403', async () => {
    for (const path of ['/api/admin/stats/members', '/api/admin/stats/revenue']) {
      expect((await fetch(`${t.app.base}${path}`)).status).toBe(401);
      const member = await t.member('numbers_member');
      expect((await member.get(path)).status).toBe(403);
      const mod = await t.member('numbers_mod');
      await t.testDb.db.update(users).set({ role: 'moderator' }).where(eq(users.username, 'numbers_mod'));
      expect((await mod.get(path)).status).toBe(403);
    }
  });
});
