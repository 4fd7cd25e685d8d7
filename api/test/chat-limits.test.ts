import { CHAT_JOIN_RATE } from '@app/shared/browser';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatRooms, users } from '../src/db/schema/index.ts';
import { ensureAccount } from '../src/domain/accounts/ensure-accounts.ts';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { browserClient } from './browser-client.ts';
import { chatClient } from './chat-client.ts';
import { startFakeCms } from './fake-cms.ts';
import { sampleRecords } from './fixtures.ts';
import { startSocketHub, startTestApp, TEST_SECRET } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let cms: Awaited<ReturnType<typeof startFakeCms>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
const extraInstances: { close(): Promise<void> }[] = [];
let general: number;
let proLounge: number;

async function signIn(username: string, tier: 'free' | 'pro' = 'free') {
  await ensureAccount(testDb.db, { username, email: `${username}@example.com`, password: 'pass-word-1', tier });
  const http = browserClient(app.base);
  expect((await http.post('/api/login', { username, password: 'pass-word-1' })).status).toBe(200);
  return http.cookies;
}

async function connect(cookies: Map<string, string>, url = app.wsUrl, headers?: Record<string, string>) {
  const socket = await chatClient(url, cookies, { headers });
  await socket.next('welcome');
  return socket;
}

/** Another instance's socket on the same database, with its own settings (the app's sockets keep the defaults). */
async function startChat(settings: Omit<Parameters<typeof startSocketHub>[0], 'db' | 'databaseUrl'>): Promise<string> {
  const instance = await startSocketHub({ db: testDb.db, databaseUrl: testDb.url, ...settings });
  extraInstances.push(instance);
  return instance.wsUrl;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  testDb = await createTestDatabase();
  cms = await startFakeCms(sampleRecords(), TEST_SECRET);
  app = await startTestApp({ db: testDb.db, source: createCmsContentSource(cms.url, TEST_SECRET), databaseUrl: testDb.url });
  const rooms = await testDb.db.select({ id: chatRooms.id, name: chatRooms.name }).from(chatRooms);
  general = rooms.find((r) => r.name === 'General Chat')!.id;
  proLounge = rooms.find((r) => r.name === 'Pro Lounge')!.id;
});
afterAll(async () => {
  for (const instance of extraInstances) await instance.close();
  await app?.close();
  await cms?.close();
  await testDb?.drop();
});

describe('the chat channel’s limits', () => {
  it(`sends a room’s history at most ${CHAT_JOIN_RATE.max} times a minute per member, on whichever instance they ask`, async () => {
    const cookies = await signIn('limit_rejoiner');
    const [first, second] = [await connect(cookies), await connect(cookies, await startChat({}))];
    for (let i = 0; i < CHAT_JOIN_RATE.max; i++) {
      const socket = i % 2 ? second : first;
      socket.send({ type: 'join', roomId: general });
      await socket.next('history');
      socket.send({ type: 'leave_room', roomId: general });
      await socket.next('left');
    }
    first.send({ type: 'join', roomId: general });
    expect((await first.next('error')).message).toMatch(/^You are joining rooms too quickly\. Please try again in \d+ seconds?\.$/);
    expect(first.received.filter((m) => m.type === 'history').length + second.received.filter((m) => m.type === 'history').length).toBe(CHAT_JOIN_RATE.max);
    first.close();
    second.close();
  });
});

describe('what a member may read', () => {
  it('a member who lost Pro without notice stops receiving the Pro Lounge at the next message', async () => {
    // No user-changed event here: the delivery itself re-reads members (every time, on this instance).
    const url = await startChat({ limits: { userRefreshMs: 0 } });
    const lapsed = await connect(await signIn('limit_lapsed', 'pro'), url);
    const friend = await connect(await signIn('limit_friend', 'pro'), url);
    for (const s of [lapsed, friend]) {
      s.send({ type: 'join', roomId: proLounge });
      await s.next('history');
    }
    await testDb.db.update(users).set({ membershipTier: 'free' }).where(eq(users.username, 'limit_lapsed'));
    friend.send({ type: 'message', roomId: proLounge, content: 'Only for Pro eyes' });
    await friend.next('message');
    expect(await lapsed.next('room_access_lost')).toEqual({ type: 'room_access_lost', roomId: proLounge, message: 'You can no longer read this room. This room is for Pro members. Upgrade your membership to join.', taken: true });
    await sleep(200);
    expect(lapsed.received.some((m) => m.type === 'message')).toBe(false);
    lapsed.close();
    friend.close();
  });

  it('a member whose account was suspended without notice is refused within the refresh period, with no message sent', async () => {
    // The members are read again ahead of deliveries (every half period), not only when a message comes.
    const url = await startChat({ limits: { userRefreshMs: 1000 } });
    const suspended = await connect(await signIn('limit_suspended'), url);
    suspended.send({ type: 'join', roomId: general });
    await suspended.next('history');
    await testDb.db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.username, 'limit_suspended'));
    const refused = await suspended.next('error');
    expect(refused.message).toBe('Your account can no longer use chat.');
    expect((await suspended.closed()).code).toBe(4403);
    expect(suspended.received.some((m) => m.type === 'message')).toBe(false);
  });
});
