import { orderTotals } from '@app/shared/browser';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, orderItems, orders, users } from '../src/db/schema/index.ts';
import { browserClient } from './browser-client.ts';
import { appForThisFile } from './file-app.ts';

const t = appForThisFile();

// sampleRecords: products 1–5 cost 1000 × id cents; product 5 is out of stock.
const address = '1 Main St, Springfield, IL 62701, US';
const cart = [{ productId: 1, quantity: 2, color: 'white' }, { productId: 2, quantity: 1 }, { productId: 4, quantity: 3 }];
const totalFor = (member: boolean) => orderTotals([{ price: 1000, quantity: 2 }, { price: 2000, quantity: 1 }, { price: 4000, quantity: 3 }], { memberDiscount: member }).total;

const member = (username: string, tier: 'free' | 'pro' = 'free', admin = false) => t.member(username, tier, admin);


describe('placing an order', () => {
  it('prices every line from the catalogue, ignores client money and identity, and mails a confirmation', async () => {
    const m = await member('shopper');
    const res = await m.post('/api/orders', { userId: 999, status: 'completed', totalAmount: totalFor(false), shippingAddress: address, items: cart.map((i) => ({ ...i, price: 1 })) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', subtotal: 16000, discount: 0, shipping: 0, tax: 1120, totalAmount: 17120, shippingAddress: address });
    expect(res.body.items).toEqual([
      { productId: 1, name: 'Product 1', color: 'white', quantity: 2, price: 1000 },
      { productId: 2, name: 'Product 2', color: 'black', quantity: 1, price: 2000 },
      { productId: 4, name: 'Product 4', color: 'black', quantity: 3, price: 4000 },
    ]);
    expect(res.body.history.map((h: { status: string }) => h.status)).toEqual(['pending']);
    const [row] = await t.testDb.db.select().from(orders).where(eq(orders.id, res.body.id));
    expect(row!.userId).not.toBe(999);
    const mails = await t.testDb.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'shopper@example.com'));
    expect(mails.map((x) => x.subject)).toContain(`Your Better Self order #${res.body.id} is confirmed`);
  });

  it('gives Pro members the 15% discount as its own line', async () => {
    const m = await member('pro_shopper', 'pro');
    const res = await m.post('/api/orders', { totalAmount: totalFor(true), shippingAddress: address, items: cart });
    expect(res.body).toMatchObject({ subtotal: 16000, discount: 2400, shipping: 0, tax: 952, totalAmount: 14552 });
    // The price a free member would pay is refused for a Pro member, and the other way round.
    expect((await m.post('/api/orders', { totalAmount: totalFor(false), shippingAddress: address, items: cart })).status).toBe(409);
  });

  it('keeps the rate each order was charged at, so its page names that rate whatever the catalogue says later', async () => {
    const pro = await member('rate_pro', 'pro');
    const free = await member('rate_free');
    const discounted = (await pro.post('/api/orders', { totalAmount: totalFor(true), shippingAddress: address, items: cart })).body;
    const full = (await free.post('/api/orders', { totalAmount: totalFor(false), shippingAddress: address, items: cart })).body;
    expect([discounted.discountRate, full.discountRate]).toEqual([0.15, 0]);
    // The rate is the order's own: another rate in the catalogue later does not rewrite it.
    await t.testDb.db.update(orders).set({ discountRate: 0.2 }).where(eq(orders.id, discounted.id));
    expect((await pro.get(`/api/orders/${discounted.id}`)).body).toMatchObject({ discount: 2400, discountRate: 0.2 });
  });

  it('refuses a tampered total with 409 and a message that says to refresh', async () => {
    const m = await member('tamperer');
    const res = await m.post('/api/orders', { totalAmount: 1, shippingAddress: address, items: cart });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Please refresh your cart/);
    expect(await t.testDb.db.select().from(orders).where(eq(orders.total, 1))).toHaveLength(0);
  });

  it('refuses unknown and out-of-stock products, bad quantities and too many lines', async () => {
    const m = await member('picky');
    const place = (items: unknown[], totalAmount = 0) => m.post('/api/orders', { totalAmount, shippingAddress: address, items });
    expect((await place([{ productId: 77, quantity: 1 }])).body.message).toMatch(/no longer available/);
    const out = await place([{ productId: 5, quantity: 1 }]);
    expect([out.status, out.body.message]).toEqual([409, 'Product 5 is out of stock. Please remove it from your cart.']);
    for (const quantity of [0, 100, 1.5, -1, '2']) expect((await place([{ productId: 1, quantity }])).status, String(quantity)).toBe(400);
    expect((await place(Array.from({ length: 51 }, () => ({ productId: 1, quantity: 1 })))).status).toBe(400);
    expect((await place([])).body.message).toBe('items: Your cart is empty');
    expect((await place([{ productId: 99999999999, quantity: 1 }])).status).toBe(400);
    expect((await m.post('/api/orders', { totalAmount: 0, shippingAddress: 'x\u0000', items: [{ productId: 1, quantity: 1 }] })).status).toBe(400);
  });

  it('is for signed-in members only', async () => {
    expect((await browserClient(t.app.base).post('/api/orders', { totalAmount: totalFor(false), shippingAddress: address, items: cart })).status).toBe(401);
  });

  it('returns the first order when a submit is retried with the same Idempotency-Key, even in parallel', async () => {
    const m = await member('retrier');
    const body = { totalAmount: totalFor(false), shippingAddress: address, items: cart };
    const headers = { 'idempotency-key': 'checkout-attempt-0001' };
    const [a, b, c] = await Promise.all([m.post('/api/orders', body, headers), m.post('/api/orders', body, headers), m.post('/api/orders', body, headers)]);
    expect(new Set([a!.body.id, b!.body.id, c!.body.id]).size).toBe(1);
    expect([a!.status, b!.status, c!.status].sort()).toEqual([200, 200, 201]);
    expect((await m.get('/api/orders')).body).toHaveLength(1);
  });
});

describe('reading orders', () => {
  it('lists one’s own orders newest first and hides everyone else’s (404)', async () => {
    const m = await member('reader');
    const first = (await m.post('/api/orders', { totalAmount: totalFor(false), shippingAddress: address, items: cart })).body;
    const second = (await m.post('/api/orders', { totalAmount: totalFor(false), shippingAddress: '2 Elm St, Shelbyville, IL 62565, US', items: cart })).body;
    const list = (await m.get('/api/orders')).body;
    expect(list.map((o: { id: number }) => o.id)).toEqual([second.id, first.id]);
    expect(Object.keys(list[0]).sort()).toEqual(['id', 'orderDate', 'shippingAddress', 'status', 'totalAmount']);
    expect((await m.get(`/api/orders/${first.id}`)).body.items).toHaveLength(3);
    const other = await member('other_reader');
    expect((await other.get(`/api/orders/${first.id}`)).status).toBe(404);
    expect((await other.get('/api/orders/abc')).status).toBe(404);
  });
});

describe('admins and order status', () => {
  it('move an order pending → shipped → completed with notes its member sees, and refuse other steps', async () => {
    const m = await member('tracked');
    const order = (await m.post('/api/orders', { totalAmount: totalFor(false), shippingAddress: address, items: cart })).body;
    const admin = await member('orders_admin', 'free', true);
    expect((await m.post(`/api/admin/orders/${order.id}/status`, { status: 'shipped' })).status).toBe(403);
    expect((await admin.post(`/api/admin/orders/${order.id}/status`, { status: 'completed' })).status).toBe(409);
    expect((await admin.post(`/api/admin/orders/${order.id}/status`, { status: 'shipped', note: 'Sent with tracking 1Z999' })).body.status).toBe('shipped');
    await admin.post(`/api/admin/orders/${order.id}/status`, { status: 'completed' });
    const seen = (await m.get(`/api/orders/${order.id}`)).body;
    expect(seen.history.map((h: { status: string; note: string | null }) => [h.status, h.note])).toEqual([['pending', 'Order placed'], ['shipped', 'Sent with tracking 1Z999'], ['completed', null]]);
    expect((await admin.post(`/api/admin/orders/${order.id}/status`, { status: 'cancelled' })).status).toBe(409);
    const listed = (await admin.get('/api/admin/orders?status=completed&search=track')).body;
    expect(listed.map((o: { id: number; username: string }) => [o.id, o.username])).toEqual([[order.id, 'tracked']]);
    expect((await m.get('/api/admin/orders')).status).toBe(403);
  });

  it('write nothing when placing an order fails half-way', async () => {
    const m = await member('half_way');
    const before = (await t.testDb.db.select().from(orderItems)).length;
    // A line whose name cannot be stored (the catalogue name is replaced by one PostgreSQL refuses).
    t.app.content.current().products.get(3)!.name = 'Bad\u0000Name';
    try {
      const res = await m.post('/api/orders', { totalAmount: orderTotals([{ price: 3000, quantity: 1 }], { memberDiscount: false }).total, shippingAddress: address, items: [{ productId: 3, quantity: 1 }] });
      expect(res.status).toBe(500);
    } finally {
      t.app.content.current().products.get(3)!.name = 'Product 3';
    }
    expect((await t.testDb.db.select().from(orderItems)).length).toBe(before);
    expect((await m.get('/api/orders')).body).toEqual([]);
  });
});

describe('order limits and mail', () => {
  const order = { totalAmount: totalFor(false), shippingAddress: address, items: cart };
  const from = (ip: string, extra: Record<string, string> = {}) => ({ 'x-forwarded-for': ip, ...extra });

  it('refuses an 11th order within an hour from one member with 429 and Retry-After; refused and retried submits do not count', async () => {
    const m = await member('busy_buyer');
    expect((await m.post('/api/orders', { ...order, totalAmount: 1 }, from('203.0.113.10'))).status).toBe(409);
    for (let i = 0; i < 10; i++) {
      const placed = await m.post('/api/orders', order, from('203.0.113.10', { 'idempotency-key': `busy-buyer-${i}` }));
      expect(placed.status).toBe(201);
      expect((await m.post('/api/orders', order, from('203.0.113.10', { 'idempotency-key': `busy-buyer-${i}` }))).status).toBe(200);
    }
    const refused = await m.post('/api/orders', order, from('203.0.113.11'));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^You have placed many orders in a short time\. Please try again in \d+ minutes\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect((await m.get('/api/orders')).body).toHaveLength(10);
    // An hour later the member may order again.
    await t.testDb.db.execute(sql`update app.throttle_events set at = now() - interval '61 minutes' where key like 'order:%'`);
    expect((await m.post('/api/orders', order, from('203.0.113.11'))).status).toBe(201);
  });

  it('refuses more than 30 orders an hour from one address, whoever places them, even in parallel', async () => {
    const buyers = await Promise.all([1, 2, 3, 4].map((n) => member(`shared_net_${n}`)));
    const results = await Promise.all(buyers.flatMap((b) => Array.from({ length: 8 }, () => b.post('/api/orders', order, from('203.0.113.20')))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(30);
    expect(results.filter((r) => r.status === 429)).toHaveLength(2);
    expect((await buyers[0]!.post('/api/orders', order, from('203.0.113.21'))).status).toBe(201);
  });

  it('mails the order confirmation only to a confirmed address, with nothing the member typed in its subject', async () => {
    const m = await member('unconfirmed_buyer');
    await t.testDb.db.update(users).set({ emailConfirmedAt: null, displayName: 'Visit evil.example now' }).where(eq(users.username, 'unconfirmed_buyer'));
    expect((await m.post('/api/orders', order, from('203.0.113.30'))).status).toBe(201);
    expect(await t.testDb.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'unconfirmed_buyer@example.com'))).toHaveLength(0);

    await t.testDb.db.update(users).set({ emailConfirmedAt: sql`now()` }).where(eq(users.username, 'unconfirmed_buyer'));
    const placed = (await m.post('/api/orders', order, from('203.0.113.30'))).body;
    const [mail] = await t.testDb.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'unconfirmed_buyer@example.com'));
    expect(mail!.subject).toBe(`Your Better Self order #${placed.id} is confirmed`);
  });

  it('names the member discount in the confirmation at the rate the order was charged', async () => {
    const m = await member('discount_mail', 'pro');
    expect((await m.post('/api/orders', { ...order, totalAmount: totalFor(true) }, from('203.0.113.40'))).status).toBe(201);
    const [mail] = await t.testDb.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'discount_mail@example.com'));
    expect(mail!.text).toContain('Member discount (15%): −$24.00\nTotal: $145.52\n');
  });
});
