import { createCatalogue } from '@app/shared/browser';
import { PLUS_CATALOGUE } from '@app/test-support/plus-catalogue';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, invoices, subscriptions, users } from '../src/db/schema/index.ts';
import { memberStatsBy } from '../src/domain/stats/member-stats.ts';
import { appForThisFile } from './file-app.ts';

// Issue 48 #4: the members by tier are counted by the catalogue's tiers and plans, so a fourth tier
// ("Plus", sold below Pro: packages/test-support/src/plus-catalogue.ts) has its own count with no
// change to the counting. A history written here (January to April 2024), the answers by hand.
const t = appForThisFile();
const plus = createCatalogue(PLUS_CATALOGUE);
const at = (day: string) => new Date(`${day}T12:00:00.000Z`);

async function writeHistory() {
  const db = t.testDb.db;
  const person = async (username: string) =>
    (await db.insert(users).values({ username, email: `${username}@example.com`, passwordHash: 'x', membershipTier: 'free', createdAt: at('2024-01-05') }).returning())[0]!.id;
  const [a, b, c] = [await person('p_a'), await person('p_b'), await person('p_c')];
  await person('p_d');
  const subscription = async (userId: number, plan: string, paid: string[]) => {
    const [s] = await db.insert(subscriptions).values({ userId, provider: 'demo', providerSubscriptionId: `p_${plan}_${userId}`, plan, interval: 'month', status: 'canceled', createdAt: at(paid[0]!) }).returning();
    for (const day of paid) await db.insert(invoices).values({ provider: 'demo', providerInvoiceId: `p_inv_${userId}_${plan}_${day}`, userId, subscriptionId: s!.id, amountCents: 499, status: 'paid', createdAt: at(day) });
  };
  // a pays for Plus in February and March.
  await subscription(a, 'plus-month', ['2024-02-10', '2024-03-10']);
  // b pays for Plus, then upgrades to Pro before the Plus month runs out: Pro while both are paid.
  await subscription(b, 'plus-month', ['2024-03-20']);
  await subscription(b, 'pro-month', ['2024-03-25']);
  // c is made VIP on 20 February, and pays for Plus in March too: VIP while both hold.
  await db.update(users).set({ membershipTier: 'vip' }).where(eq(users.id, c));
  await db.insert(auditLog).values({ action: 'user.vip_granted', targetUserId: c, details: { from: 'free' }, createdAt: at('2024-02-20') });
  await subscription(c, 'plus-month', ['2024-03-05']);
}

describe('members by tier with a fourth tier, Plus', () => {
  it('counts each member in the highest tier they hold at each month’s end — Plus, Pro or VIP — and the rest as Free', async () => {
    await writeHistory();
    await t.member('plus_admin', 'free', true);
    const [admin] = await t.testDb.db.select().from(users).where(eq(users.username, 'plus_admin'));
    const stats = await memberStatsBy(plus)(t.testDb.db, admin!, { from: '2024-01-01', to: '2024-04-30', by: 'month' });
    expect(stats.series).toEqual([
      { date: '2024-01-01', free: 4, plus: 0, pro: 0, vip: 0, joined: 0, cancelled: 0 },
      { date: '2024-02-01', free: 2, plus: 1, pro: 0, vip: 1, joined: 1, cancelled: 0 },
      { date: '2024-03-01', free: 1, plus: 1, pro: 1, vip: 1, joined: 3, cancelled: 0 },
      { date: '2024-04-01', free: 3, plus: 0, pro: 0, vip: 1, joined: 0, cancelled: 4 },
    ]);
    expect(stats.totals).toEqual({ free: 3, plus: 0, pro: 0, vip: 1, joined: 4, cancelled: 4 });
    expect(stats.previous.totals).toEqual({ free: 0, plus: 0, pro: 0, vip: 0, joined: 0, cancelled: 0 });
  });
});
