import { CHAT_SOCKETS_PER_MEMBER } from '@app/shared/browser';
import { PRESENCE_ARTICLES_PER_SOCKET } from '@app/shared/schemas';
import express from 'express';
import { eq } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chatRooms, users } from '../src/db/schema/index.ts';
import { ensureAccount } from '../src/domain/accounts/ensure-accounts.ts';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { requestAddress } from '../src/lib/request-address.ts';
import { browserClient } from './browser-client.ts';
import { chatClient } from './chat-client.ts';
import { startFakeCms } from './fake-cms.ts';
import { sampleRecords } from './fixtures.ts';
import { startSocketHub, startTestApp, TEST_ORIGIN, TEST_SECRET } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

/**
 * The socket hub at /ws (DESIGN §7.28): what every socket meets whatever channels it opens — the
 * Origin check, who it is, what a socket, a member or an address may hold, heartbeats — and what a
 * signed-out socket may do (presence only).
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let cms: Awaited<ReturnType<typeof startFakeCms>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
const extraInstances: { close(): Promise<void> }[] = [];
let general: number;

async function signIn(username: string) {
  await ensureAccount(testDb.db, { username, email: `${username}@example.com`, password: 'pass-word-1', tier: 'free' });
  const http = browserClient(app.base);
  expect((await http.post('/api/login', { username, password: 'pass-word-1' })).status).toBe(200);
  return http.cookies;
}

async function connect(cookies: Map<string, string>, url = app.wsUrl, headers?: Record<string, string>) {
  const socket = await chatClient(url, cookies, { headers });
  await socket.next('welcome');
  return socket;
}

/** Another instance's hub on the same database, with its own settings (the app's sockets keep the defaults). */
async function startHub(settings: Omit<Parameters<typeof startSocketHub>[0], 'db' | 'databaseUrl'>): Promise<string> {
  const instance = await startSocketHub({ db: testDb.db, databaseUrl: testDb.url, ...settings });
  extraInstances.push(instance);
  return instance.wsUrl;
}

/** The answer to an upgrade the hub refuses at the door (before any socket exists). */
function refusedUpgrade(url: string, origin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { origin } });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('open', () => reject(new Error('the socket opened')));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  testDb = await createTestDatabase();
  cms = await startFakeCms(sampleRecords(), TEST_SECRET);
  app = await startTestApp({ db: testDb.db, source: createCmsContentSource(cms.url, TEST_SECRET), databaseUrl: testDb.url });
  const rooms = await testDb.db.select({ id: chatRooms.id, name: chatRooms.name }).from(chatRooms);
  general = rooms.find((r) => r.name === 'General Chat')!.id;
});
afterAll(async () => {
  for (const instance of extraInstances) await instance.close();
  await app?.close();
  await cms?.close();
  await testDb?.drop();
});

describe('the socket hub’s door', () => {
  it('refuses an upgrade from another site, whichever channels it asks for, and a channel nobody registered', async () => {
    for (const path of ['', '?channels=presence', '?channels=chat,notifications,presence']) expect(await refusedUpgrade(app.wsUrl + path, 'https://elsewhere.example')).toBe(403);
    for (const path of ['?channels=typing', '?channels=', '?channels=presence,,chat']) expect(await refusedUpgrade(app.wsUrl + path, TEST_ORIGIN)).toBe(400);
  });

  it('a signed-out socket opens presence only: its cookie is never read, chat and auth are refused, the socket stays open', async () => {
    const cookies = await signIn('hub_reader');
    const reader = await chatClient(`${app.wsUrl}?channels=presence`, cookies);
    reader.send({ type: 'join', roomId: general });
    expect((await reader.next('error')).message).toBe('Please sign in to use chat.');
    reader.send({ type: 'auth' });
    expect((await reader.next('error')).message).toBe('Please sign in to use chat.');
    reader.send({ type: 'ping' });
    await reader.next('pong');
    // Nobody: no welcome (the cookie was a member's), no rooms.
    expect(reader.received.some((m) => m.type === 'welcome' || m.type === 'rooms')).toBe(false);
    expect(reader.ws.readyState).toBe(WebSocket.OPEN);
    // Asking for chat beside presence needs a session like chat alone.
    const anonymous = await chatClient(`${app.wsUrl}?channels=presence,chat`, null);
    expect((await anonymous.next('error')).message).toBe('Please sign in to use chat.');
    expect((await anonymous.closed()).code).toBe(4401);
    // A member's chat socket has not opened presence.
    const member = await connect(cookies);
    member.send({ type: 'presence', articleId: 1 });
    expect((await member.next('error')).message).toBe('This connection did not open the presence channel.');
    for (const s of [reader, member]) s.close();
  });
});

describe('the socket hub’s limits', () => {
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
    const url = await startHub({ clientAddress: requestAddress(behindProxy), limits: { perAddress: 3 } });
    const cookies = await signIn('limit_office');
    const office = { 'x-forwarded-for': '203.0.113.7' };
    const fromOffice = [await connect(cookies, url, office), await connect(cookies, url, office), await connect(cookies, url, office)];
    const fourth = await chatClient(url, cookies, { headers: office });
    expect((await fourth.next('error')).message).toBe('Too many chat connections from your network. Please close some chat tabs and try again.');
    expect((await fourth.closed()).code).toBe(1008);
    // Another address behind the same proxy is counted on its own.
    const home = await connect(cookies, url, { 'x-forwarded-for': '198.51.100.4' });
    // A signed-out reader's socket (presence) is counted against its address like any other.
    const reader = await chatClient(`${url}?channels=presence`, null, { headers: { 'x-forwarded-for': '198.51.100.4' } });
    for (const s of fromOffice) s.close();
    await sleep(100);
    const readers = [await chatClient(`${url}?channels=presence`, null, { headers: office }), await chatClient(`${url}?channels=presence`, null, { headers: office }), await chatClient(`${url}?channels=presence`, null, { headers: office })];
    const oneMoreReader = await chatClient(`${url}?channels=presence`, null, { headers: office });
    expect((await oneMoreReader.next('error')).message).toBe('Too many chat connections from your network. Please close some chat tabs and try again.');
    expect((await oneMoreReader.closed()).code).toBe(1008);
    for (const s of [...readers, reader, home]) s.close();
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

  it('drops a connection that stops answering heartbeats, signed in or not', async () => {
    const url = await startHub({ heartbeatMs: 300 });
    const http = browserClient(app.base);
    await ensureAccount(testDb.db, { username: 'ws_silent', email: 'ws_silent@example.com', password: 'pass-word-1', tier: 'free', admin: false });
    await http.post('/api/login', { username: 'ws_silent', password: 'pass-word-1' });
    const silent = await chatClient(url, http.cookies, { autoPong: false });
    await silent.next('welcome');
    expect((await silent.closed()).code).toBe(1006);
    // One that answers stays.
    const talking = await connect(http.cookies, url);
    const silentReader = await chatClient(`${url}?channels=presence`, null, { autoPong: false });
    expect((await silentReader.closed()).code).toBe(1006);
    expect(talking.ws.readyState).toBe(WebSocket.OPEN);
    talking.close();
  });
});

describe('the presence channel’s frames', () => {
  it('counts a socket once per published article, on at most a few at once, and refuses what does not read', async () => {
    const url = await startHub({ isArticle: (id) => id <= 100 });
    const reader = await chatClient(`${url}?channels=presence`, null);
    reader.send({ type: 'presence', articleId: 1 });
    expect(await reader.next('presence')).toEqual({ type: 'presence', articleId: 1, reading: 1, taken: true });
    // Asking again does not count it twice.
    for (let i = 0; i < 5; i++) reader.send({ type: 'presence', articleId: 1 });
    for (let i = 0; i < 5; i++) expect((await reader.next('presence')).reading).toBe(1);
    for (let id = 2; id <= PRESENCE_ARTICLES_PER_SOCKET; id++) {
      reader.send({ type: 'presence', articleId: id });
      await reader.next('presence', (m) => m.articleId === id);
    }
    reader.send({ type: 'presence', articleId: 99 });
    expect((await reader.next('error')).message).toBe(`One connection counts on at most ${PRESENCE_ARTICLES_PER_SOCKET} articles at once.`);
    // Leaving one makes room for another.
    reader.send({ type: 'presence_leave', articleId: 2 });
    reader.send({ type: 'presence', articleId: 99 });
    expect((await reader.next('presence', (m) => m.articleId === 99)).reading).toBe(1);
    // Not an article on the site, not an id, not a frame.
    reader.send({ type: 'presence', articleId: 101 });
    expect((await reader.next('error')).message).toBe('Article not found');
    for (const articleId of ['1', 0, -1, 1.5, 2 ** 31, null]) {
      reader.send({ type: 'presence', articleId });
      expect((await reader.next('error')).message, String(articleId)).not.toBe('Unknown message type.');
    }
    reader.send({ type: 'presence' });
    await reader.next('error');
    reader.send({ type: 'presence_everywhere', articleId: 1 });
    expect((await reader.next('error')).message).toBe('Unknown message type.');
    expect(reader.received.filter((m) => m.type === 'presence' && m.articleId === 101)).toEqual([]);
    // Past the hub's frame size the socket is closed (1009: message too big).
    reader.send({ type: 'presence', articleId: 1, padding: 'x'.repeat(20_000) });
    expect((await reader.closed()).code).toBe(1009);
  });

  it('the app counts only its published articles', async () => {
    const reader = await chatClient(`${app.wsUrl}?channels=presence`, null);
    reader.send({ type: 'presence', articleId: 4 });
    expect((await reader.next('error')).message).toBe('Article not found');
    reader.send({ type: 'presence', articleId: 3 });
    // Alone on it: the test above counted article 3 on another instance of this database, whose zero
    // reaches this one by NOTIFY after its quarter-second flush (on a loaded machine, after this asks).
    expect(await reader.next('presence', (m) => m.articleId === 3 && m.reading === 1)).toMatchObject({ articleId: 3, reading: 1 });
    reader.close();
  });
});
