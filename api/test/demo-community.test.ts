import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/domain/accounts/demo-accounts.ts';
import { ensureAccount } from '../src/domain/accounts/ensure-accounts.ts';
import { seedDemoCommunity } from '../src/domain/demo/seed-demo-community.ts';
import { seedDemoMembership } from '../src/domain/demo/seed-demo-membership.ts';
import { createMailer } from '../src/integrations/mailer.ts';
import { createPayments } from '../src/integrations/payments/create-payments.ts';
import { silentLogger } from './test-app.ts';
import { browserClient } from './browser-client.ts';
import { appForThisFile } from './file-app.ts';

const t = appForThisFile();

describe('the demo community', () => {
  it('seeds posts in every category and rooms for free, Pro and private members once', async () => {
    for (const account of DEMO_ACCOUNTS) await ensureAccount(t.testDb.db, account);
    expect(await seedDemoCommunity(t.testDb.db)).toBe(true);
    expect(await seedDemoCommunity(t.testDb.db)).toBe(false);
    const posts = (await browserClient(t.app.base).get('/api/bulletin')).body as { category: string }[];
    expect(new Set(posts.map((p) => p.category))).toEqual(new Set(['General', 'Question', 'Discussion', 'Announcement', 'Resource']));
    const signIn = async (username: string, password: string) => {
      const c = browserClient(t.app.base);
      expect((await c.post('/api/login', { username, password })).status).toBe(200);
      return (await c.get('/api/chat/rooms')).body as { name: string; isPrivate: boolean; membershipRequired: string }[];
    };
    const vip = DEMO_ACCOUNTS.find((a) => a.username === 'vip_member')!;
    const free = DEMO_ACCOUNTS.find((a) => a.username === 'free_member')!;
    expect((await signIn(vip.username, vip.password)).find((r) => r.name === 'VIP Mastermind')).toMatchObject({ isPrivate: true, membershipRequired: 'vip' });
    const freeRooms = await signIn(free.username, free.password);
    expect(freeRooms.some((r) => r.name === 'VIP Mastermind')).toBe(false);
    expect(freeRooms.find((r) => r.name === 'Morning Check-in')).toMatchObject({ membershipRequired: 'free', isPrivate: false });
    expect(freeRooms.find((r) => r.name === 'General Chat')).toMatchObject({ memberCount: 4, isMember: true });
  });

  it('makes the demo Pro member Pro by a paid invoice, once, so the profile and the success page tell the truth', async () => {
    const db = t.testDb.db;
    for (const account of DEMO_ACCOUNTS) await ensureAccount(db, account);
    const deps = { db, mailer: createMailer({ db, logger: silentLogger, from: 'test@example.com' }), logger: silentLogger, publicUrl: 'http://localhost:3000', clock: () => new Date(), ...createPayments(db, null) };
    expect(await seedDemoMembership(deps, 'pro_member')).toBe(true);
    expect(await seedDemoMembership(deps, 'pro_member')).toBe(false);
    const pro = DEMO_ACCOUNTS.find((a) => a.username === 'pro_member')!;
    const c = browserClient(t.app.base);
    await c.post('/api/login', { username: pro.username, password: pro.password });
    expect((await c.get('/api/user')).body.membershipTier).toBe('pro');
    const info = (await c.get('/api/subscriptions')).body;
    expect(info).toMatchObject({ plan: 'pro-month' });
    expect(JSON.stringify(info)).toMatch(/"status":"active"/);
  });
});
