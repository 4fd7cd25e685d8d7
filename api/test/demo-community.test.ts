import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/domain/accounts/demo-accounts.ts';
import { ensureAccount } from '../src/domain/accounts/ensure-accounts.ts';
import { seedDemoCommunity } from '../src/domain/demo/seed-demo-community.ts';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { browserClient } from './browser-client.ts';
import { startFakeCms } from './fake-cms.ts';
import { sampleRecords } from './fixtures.ts';
import { startTestApp, TEST_SECRET } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let cms: Awaited<ReturnType<typeof startFakeCms>>;
let app: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  cms = await startFakeCms(sampleRecords(), TEST_SECRET);
  app = await startTestApp({ db: testDb.db, source: createCmsContentSource(cms.url, TEST_SECRET) });
});
afterAll(async () => {
  await app?.close();
  await cms?.close();
  await testDb?.drop();
});

describe('the demo community', () => {
  it('seeds posts in every category and rooms for free, Pro and private members once', async () => {
    for (const account of DEMO_ACCOUNTS) await ensureAccount(testDb.db, account);
    expect(await seedDemoCommunity(testDb.db)).toBe(true);
    expect(await seedDemoCommunity(testDb.db)).toBe(false);
    const posts = (await browserClient(app.base).get('/api/bulletin')).body as { category: string }[];
    expect(new Set(posts.map((p) => p.category))).toEqual(new Set(['General', 'Question', 'Discussion', 'Announcement', 'Resource']));
    const signIn = async (username: string, password: string) => {
      const c = browserClient(app.base);
      expect((await c.post('/api/login', { username, password })).status).toBe(200);
      return (await c.get('/api/chat/rooms')).body as { name: string; isPrivate: boolean; membershipRequired: string }[];
    };
    const vip = DEMO_ACCOUNTS.find((a) => a.username === 'vip_member')!;
    const free = DEMO_ACCOUNTS.find((a) => a.username === 'free_member')!;
    expect((await signIn(vip.username, vip.password)).find((r) => r.name === 'VIP Mastermind')).toMatchObject({ isPrivate: true, membershipRequired: 'vip' });
    const freeRooms = await signIn(free.username, free.password);
    expect(freeRooms.some((r) => r.name === 'VIP Mastermind')).toBe(false);
    expect(freeRooms.find((r) => r.name === 'Morning Check-in')).toMatchObject({ membershipRequired: 'free', isPrivate: false });
  });
});
