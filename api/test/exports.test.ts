import { orderTotals } from '@app/shared/browser';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, subscriptions, users } from '../src/db/schema/index.ts';
import { appForThisFile } from './file-app.ts';

// Issue 39 #3: the members, orders and audit-log exports — admins only, streamed CSV, audited.
const t = appForThisFile();

const userId = async (username: string) => (await t.testDb.db.select().from(users).where(eq(users.username, username)))[0]!.id;
const csv = async (path: string, cookie?: string) => {
  const res = await fetch(`${t.app.base}${path}`, { headers: cookie ? { cookie } : {} });
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), text: await res.text() };
};
const cookieOf = (c: { cookies: Map<string, string> }) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const today = () => new Date().toISOString().slice(0, 10);
const EXPORTS = ['/api/admin/export/members.csv', '/api/admin/export/orders.csv', '/api/admin/export/audit.csv'];

describe('the exports', () => {
  it('are refused to visitors (401), members and moderators (403)', async () => {
    const member = await t.member('exp_plain');
    const mod = await t.member('exp_mod');
    await t.testDb.db.update(users).set({ role: 'moderator' }).where(eq(users.id, await userId('exp_mod')));
    for (const path of EXPORTS) {
      expect((await csv(path)).status, path).toBe(401);
      expect((await csv(path, cookieOf(member))).status, path).toBe(403);
      expect((await csv(path, cookieOf(mod))).status, path).toBe(403);
    }
  });

  it('give every member with their tier, status, dates and paying plan, and an email only once it is confirmed', async () => {
    const admin = await t.member('exp_admin', 'free', true);
    const pro = await t.member('exp_pro', 'pro');
    await t.member('exp_unconfirmed');
    await t.testDb.db.update(users).set({ emailConfirmedAt: null }).where(eq(users.id, await userId('exp_unconfirmed')));
    await t.testDb.db.insert(subscriptions).values({ userId: await userId('exp_pro'), provider: 'demo', providerSubscriptionId: 'sub_exp_1', status: 'active', plan: 'pro-month', currentPeriodEnd: new Date(Date.now() + 86_400_000 * 20) });
    expect((await pro.get('/api/user')).status).toBe(200);

    const res = await csv('/api/admin/export/members.csv', cookieOf(admin));
    expect([res.status, res.type, res.disposition]).toEqual([200, 'text/csv; charset=utf-8', `attachment; filename="members-${today()}.csv"`]);
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe('Username,Email,Tier,Status,Joined (UTC),Last seen (UTC),Plan');
    const row = (name: string) => lines.find((l) => l.startsWith(`${name},`))!.split(',');
    const iso = /^\d{4}-\d\d-\d\dT[\d:.]+Z$/;
    const proRow = row('exp_pro');
    expect([proRow[0], proRow[1], proRow[2], proRow[3], proRow[6]]).toEqual(['exp_pro', 'exp_pro@example.com', 'Pro', 'active', 'pro-month']);
    expect(proRow[4]).toMatch(iso);
    expect(proRow[5]).toMatch(iso);
    expect(row('exp_unconfirmed').slice(1, 3)).toEqual(['', 'Free']);
    // Recorded before the first row.
    expect(await t.testDb.db.select().from(auditLog).where(and(eq(auditLog.action, 'members.exported'), eq(auditLog.actorId, await userId('exp_admin'))))).toHaveLength(1);
  });

  it('give every order with its lines and the amounts charged', async () => {
    const admin = await t.member('exp_admin', 'free', true);
    const buyer = await t.member('exp_buyer');
    const cart = [{ productId: 1, quantity: 2, color: 'white' }, { productId: 2, quantity: 1 }];
    const total = orderTotals([{ price: 1000, quantity: 2 }, { price: 2000, quantity: 1 }], { memberDiscount: false }).total;
    const placed = await buyer.post('/api/orders', { totalAmount: total, shippingAddress: '1 Main St, Springfield, IL 62701, US', items: cart });
    expect(placed.status).toBe(201);

    const res = await csv('/api/admin/export/orders.csv', cookieOf(admin));
    expect([res.status, res.disposition]).toEqual([200, `attachment; filename="orders-${today()}.csv"`]);
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe('Order,Placed (UTC),Member,Status,Lines,Items,Subtotal,Discount,Shipping,Tax,Total,Total (cents)');
    const row = lines.find((l) => l.startsWith(`${placed.body.id},`))!;
    expect(row).toContain(',exp_buyer,pending,2 × Product 1 (white) at $10.00; 1 × Product 2 (');
    expect(row.endsWith(`,${total}`)).toBe(true);
    expect(await t.testDb.db.select().from(auditLog).where(eq(auditLog.action, 'orders.exported'))).toHaveLength(1);
  });

  it('give the audit log at the exports’ address too', async () => {
    const admin = await t.member('exp_admin', 'free', true);
    const res = await csv('/api/admin/export/audit.csv', cookieOf(admin));
    expect(res.status).toBe(200);
    expect(res.text.split('\r\n')[0]).toBe('Entry,When (UTC),Who,Action,What,Member,Details');
    expect(res.text).toContain(',exp_admin,members.exported,Members exported,');
  });
});

describe('the members list (GET /api/admin/users)', () => {
  it('filters by tier, account status and the days members joined between', async () => {
    const admin = await t.member('exp_admin', 'free', true);
    await t.member('flt_vip', 'vip');
    await t.member('flt_old');
    await t.testDb.db.update(users).set({ createdAt: new Date('2026-02-10T08:00:00.000Z') }).where(eq(users.id, await userId('flt_old')));
    await t.testDb.db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.id, await userId('flt_vip')));
    const names = async (query: string) => ((await admin.get(`/api/admin/users?pageSize=100&${query}`)).body.users as { username: string }[]).map((u) => u.username);
    expect(await names('tier=vip')).toEqual(['flt_vip']);
    expect(await names('status=suspended')).toEqual(['flt_vip']);
    expect(await names('joinedFrom=2026-02-10&joinedTo=2026-02-10')).toEqual(['flt_old']);
    expect(await names('joinedFrom=2026-02-11&joinedTo=2026-02-28')).toEqual([]);
    expect(await names('search=flt_&tier=free')).toEqual(['flt_old']);
    expect((await admin.get('/api/admin/users?joinedFrom=2026-03-01&joinedTo=2026-02-01')).status).toBe(400);
    expect((await admin.get('/api/admin/users?tier=gold')).status).toBe(400);
  });

  it('shows the export’s columns: the paying plan and when the member was last seen', async () => {
    const admin = await t.member('exp_admin', 'free', true);
    const payer = await t.member('col_payer', 'pro');
    await t.member('col_quiet');
    await t.testDb.db.insert(subscriptions).values({ userId: await userId('col_payer'), provider: 'demo', providerSubscriptionId: 'sub_col_1', status: 'active', plan: 'pro-year', currentPeriodEnd: new Date(Date.now() + 86_400_000 * 200) });
    expect((await payer.get('/api/user')).status).toBe(200);
    const list = (await admin.get('/api/admin/users?pageSize=100&search=col_')).body.users as { username: string; plan: string | null; lastSeenAt: string | null }[];
    const payerRow = list.find((u) => u.username === 'col_payer')!;
    expect(payerRow.plan).toBe('pro-year');
    expect(Date.now() - Date.parse(payerRow.lastSeenAt!)).toBeLessThan(3_600_000);
    expect(list.find((u) => u.username === 'col_quiet')).toMatchObject({ plan: null });
  });
});
