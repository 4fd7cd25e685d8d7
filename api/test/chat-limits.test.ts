import { CHAT_JOIN_RATE, CHAT_SOCKETS_PER_MEMBER } from '@app/shared/browser';
import express from 'express';
import { eq } from 'drizzle-orm';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chatRooms, users } from '../src/db/schema/index.ts';
import { ensureAccount } from '../src/domain/accounts/ensure-accounts.ts';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { requestAddress } from '../src/lib/request-address.ts';
import { attachChatServer, type ChatServerDeps } from '../src/ws/chat-server.ts';
import { browserClient } from './browser-client.ts';
import { chatClient } from './chat-client.ts';
import { startFakeCms } from './fake-cms.ts';
import { sampleRecords } from './fixtures.ts';
import { silentLogger, startTestApp, TEST_ORIGIN, TEST_SECRET } from './test-app.ts';
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

/** Another chat socket on the same database, with its own settings (the app's sockets keep the defaults). */
async function startChat(settings: Partial<ChatServerDeps>): Promise<string> {
  const server = createServer((_req, res) => res.writeHead(404).end());
  const chat = attachChatServer(server, { db: testDb.db, databaseUrl: testDb.url, logger: silentLogger, cookies: { secure: false }, origins: [TEST_ORIGIN], ...settings });
  await chat.ready;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  extraInstances.push({ close: async () => {
    await chat.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  } });
  return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
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

describe('the chat socket’s limits', () => {
  it('150 repeated joins answer history once and the socket is closed past the queue limit', async () => {
    const socket = await connect(await signIn('limit_joiner'));
    for (let i = 0; i < 20; i++) socket.send({ type: 'join', roomId: general });
    for (let i = 0; i < 20; i++) await socket.next('joined');
    await sleep(100);
    expect(socket.received.filter((m) => m.type === 'history')).toHaveLength(1);

    for (let i = 0; i < 150; i++) socket.send({ type: 'join', roomId: general });
    expect((await socket.next('error')).message).toBe('Too many messages at once. Please wait for the answers before sending more.');
    expect((await socket.closed()).code).toBe(1008);
    expect(socket.received.filter((m) => m.type === 'history')).toHaveLength(1);
  });

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

  it(`a member may hold at most ${CHAT_SOCKETS_PER_MEMBER} sockets`, async () => {
    const cookies = await signIn('limit_tabs');
    const open = [];
    for (let i = 0; i < CHAT_SOCKETS_PER_MEMBER; i++) open.push(await connect(cookies));
    const oneTooMany = await chatClient(app.wsUrl, cookies);
    expect((await oneTooMany.next('error')).message).toBe(`You already have ${CHAT_SOCKETS_PER_MEMBER} chat connections open. Please close a chat tab and try again.`);
    expect((await oneTooMany.closed()).code).toBe(1008);
    expect(oneTooMany.received.some((m) => m.type === 'welcome')).toBe(false);

    // Closing one makes room for another.
    open.pop()!.close();
    await sleep(100);
    open.push(await connect(cookies));
    for (const s of open) s.close();
  });

  it('an address may hold only so many sockets, told apart behind a trusted proxy by X-Forwarded-For', async () => {
    const behindProxy = express().set('trust proxy', 'loopback');
    const url = await startChat({ clientAddress: requestAddress(behindProxy), limits: { perAddress: 3 } });
    const cookies = await signIn('limit_office');
    const office = { 'x-forwarded-for': '203.0.113.7' };
    const fromOffice = [await connect(cookies, url, office), await connect(cookies, url, office), await connect(cookies, url, office)];
    const fourth = await chatClient(url, cookies, { headers: office });
    expect((await fourth.next('error')).message).toBe('Too many chat connections from your network. Please close some chat tabs and try again.');
    expect((await fourth.closed()).code).toBe(1008);
    // Another address behind the same proxy is counted on its own.
    const home = await connect(cookies, url, { 'x-forwarded-for': '198.51.100.4' });
    for (const s of [...fromOffice, home]) s.close();
  });

  it('closes a client that stops reading once its unread replies pass the limit', async () => {
    // A history of 50 messages of 2000 control characters: each is sent as "\u0001", about 600 KB a history.
    const cookies = await signIn('limit_reader');
    const [author] = await testDb.db.select({ id: users.id }).from(users).where(eq(users.username, 'limit_reader'));
    const [room] = await testDb.db.insert(chatRooms).values({ name: 'Long Reads', description: 'Room with a very long history.' }).returning();
    await testDb.db.insert(chatMessages).values(Array.from({ length: 50 }, () => ({ roomId: room!.id, userId: author!.id, content: '\u0001'.repeat(2000) })));

    const socket = await connect(cookies);
    socket.ws.pause();
    // Far more than the kernel's socket buffers (a few MB) and the limit (1 MB) together.
    for (let i = 0; i < 28; i++) {
      socket.send({ type: 'join', roomId: room!.id });
      socket.send({ type: 'leave_room', roomId: room!.id });
      await sleep(50);
    }
    socket.ws.resume();
    expect((await socket.next('error', () => true, 10_000)).message).toBe('The connection is not reading its messages.');
    expect((await socket.closed()).code).toBe(1008);
    expect(socket.received.filter((m) => m.type === 'history').length).toBeLessThan(28);
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
});
