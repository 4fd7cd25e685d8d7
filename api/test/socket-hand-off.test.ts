import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SOCKET_HAND_OFF } from '@app/shared/server';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatRooms } from '../src/db/schema/index.ts';
import { ensureAccount } from '../src/domain/accounts/ensure-accounts.ts';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { takeHandedOverSockets } from '../src/ws/socket-hand-off.ts';
import { browserClient } from './browser-client.ts';
import { chatClient } from './chat-client.ts';
import { startFakeCms } from './fake-cms.ts';
import { sampleRecords } from './fixtures.ts';
import { silentLogger, startSocketHub, startTestApp, TEST_SECRET } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

/**
 * npm start's front door hands a chat socket's connection to the API instead of relaying its
 * frames (issue 53 #4): the real door process (scripts/front-door.mjs, SOCKET_HAND_OFF=1) sends it
 * over its IPC channel, as it does to the supervisor, and the hub answers it as its own.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let cms: Awaited<ReturnType<typeof startFakeCms>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
let hub: Awaited<ReturnType<typeof startSocketHub>>;
let door: ChildProcess;
let doorUrl: string;
let mediaDir: string;
let general: number;
const upgrades: IncomingMessage[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startDoor(port: number): Promise<ChildProcess> {
  const child = fork(path.join(root, 'scripts/front-door.mjs'), [], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, API_URL: app.base, SOCKET_HAND_OFF: '1', SITE_DEV_URL: 'http://127.0.0.1:9', MEDIA_DIR: mediaDir, MEDIA_S3_BUCKET: '' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => String(d).includes('"listening"') && resolve());
    child.once('exit', (code) => reject(new Error(`the front door ended (${code})`)));
  });
  return child;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  cms = await startFakeCms(sampleRecords(), TEST_SECRET);
  app = await startTestApp({ db: testDb.db, source: createCmsContentSource(cms.url, TEST_SECRET), databaseUrl: testDb.url });
  general = (await testDb.db.select({ id: chatRooms.id, name: chatRooms.name }).from(chatRooms)).find((r) => r.name === 'General Chat')!.id;
  // The hub of "the API" that takes the door's sockets; it records what each upgrade said.
  hub = await startSocketHub({ db: testDb.db, databaseUrl: testDb.url, clientAddress: (req) => (upgrades.push(req), req.socket.remoteAddress) });
  mediaDir = await mkdtemp(path.join(tmpdir(), 'hand-off-media-'));
  const port = await freePort();
  doorUrl = `ws://127.0.0.1:${port}/ws`;
  door = await startDoor(port);
  takeHandedOverSockets(hub.hub, silentLogger, door);
}, 60_000);

afterAll(async () => {
  door?.kill('SIGKILL');
  await hub?.close();
  await app?.close();
  await cms?.close();
  await testDb?.drop();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

async function signIn(username: string) {
  await ensureAccount(testDb.db, { username, email: `${username}@example.com`, password: 'pass-word-1', tier: 'free' });
  const http = browserClient(app.base);
  expect((await http.post('/api/login', { username, password: 'pass-word-1' })).status).toBe(200);
  return http.cookies;
}

describe('a chat socket handed over by the front door', () => {
  it('is answered by the hub with the upgrade the door read and would have forwarded, and keeps working with the door gone', async () => {
    const cookies = await signIn('handed_over');
    const before = hub.hub.clients();
    const member = await chatClient(doorUrl, cookies, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    await member.next('welcome');
    expect(hub.hub.clients()).toBe(before + 1);
    // As the proxy would pass it on: the client's X-Forwarded-For kept and the door's own address
    // of the client appended, the scheme and host said, a request id of the door's own.
    const req = upgrades.at(-1)!;
    expect(req.headers['x-forwarded-for']).toBe('203.0.113.9,127.0.0.1');
    expect(req.headers['x-forwarded-proto']).toBe('ws');
    expect(req.headers['x-forwarded-host']).toBe(new URL(doorUrl).host);
    expect(req.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // The connection is the member's own: the hub sees the client's end of it, not a relay's.
    expect(req.socket.remotePort).toBe((member.ws as unknown as { _socket: { localPort: number } })._socket.localPort);

    member.send({ type: 'join', roomId: general });
    await member.next('history');
    // The door is gone; the socket was never its to relay.
    door.kill('SIGKILL');
    await new Promise((r) => door.once('exit', r));
    member.send({ type: 'message', roomId: general, content: 'still here after the door left' });
    expect((await member.next('message', (m) => (m.message as { content: string }).content === 'still here after the door left')).roomId).toBe(general);
    expect(member.ws.readyState).toBe(WebSocket.OPEN);
    member.close();
    door = await startDoor(Number(new URL(doorUrl).port));
    takeHandedOverSockets(hub.hub, silentLogger, door);
  });

  it('refuses a socket from another site as the hub always does, and a malformed hand-off closes the socket without reaching the hub', async () => {
    const refused = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(doorUrl, { headers: { origin: 'https://elsewhere.example' } });
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('open', () => reject(new Error('the socket opened')));
    });
    expect(refused).toBe(403);

    // A hand-off whose request is not one: the socket is closed and nothing is adopted.
    const adopted: unknown[] = [];
    const listeners: ((message: unknown, handle: unknown) => void)[] = [];
    const channel = { on: (_e: 'message', l: (message: unknown, handle: unknown) => void) => listeners.push(l), off: () => undefined };
    takeHandedOverSockets({ adopt: (h) => adopted.push(h) }, silentLogger, channel);
    const { Socket } = await import('node:net');
    const malformed: unknown[] = [{ type: SOCKET_HAND_OFF, url: 'no-slash', headers: {}, head: '' }, { type: SOCKET_HAND_OFF, url: '/ws', headers: { host: 5 }, head: '' }];
    for (const message of malformed) {
      const socket = new Socket();
      listeners[0]!(message, socket);
      expect(socket.destroyed).toBe(true);
    }
    // Others' messages (a rolling restart's) are not the hand-off's business.
    listeners[0]!({ type: 'restart' }, undefined);
    expect(adopted).toEqual([]);
  });
});
