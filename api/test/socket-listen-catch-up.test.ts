import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { sendMessage } from '../src/domain/chat/send-message.ts';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { chatClient } from './chat-client.ts';
import { startFakeCms } from './fake-cms.ts';
import { sampleRecords } from './fixtures.ts';
import { signedInMember } from './signed-in-member.ts';
import { proxyDatabase, type startTcpProxy } from './tcp-proxy.ts';
import { startTestApp, TEST_SECRET } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

// A chat message (saved on another instance) or a notification saved while an instance's LISTEN
// connection is away (a failover: issue 51) had its NOTIFY lost; once the connection is back, the instance pushes each
// open room's messages after the last one it delivered, and its members' notifications after the
// newest one it had heard of — once each. The LISTEN connection reaches PostgreSQL through a relay
// the test stops; the app's pool goes straight there, so writes go on meanwhile.
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let cms: Awaited<ReturnType<typeof startFakeCms>>;
let app: Awaited<ReturnType<typeof startTestApp>>;

// Sample content: article 1 is free.
const FREE_ARTICLE = 1;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const relayed = await proxyDatabase(testDb.url);
  proxy = relayed.proxy;
  const url = relayed.url;
  cms = await startFakeCms(sampleRecords(), TEST_SECRET);
  app = await startTestApp({ db: testDb.db, source: createCmsContentSource(cms.url, TEST_SECRET), databaseUrl: url });
});
afterAll(async () => {
  const within = (p: Promise<unknown> | undefined) => Promise.race([p?.catch(() => undefined), new Promise((r) => setTimeout(r, 5000))]);
  await within(app?.close());
  await within(proxy?.stop());
  await within(cms?.close());
  await within(testDb?.drop());
});

describe('an instance whose LISTEN connection comes back', () => {
  it('pushes the chat messages and notifications saved while it was away, each once', async () => {
    const ann = await signedInMember(testDb.db, app.base, 'back_ann');
    const bob = await signedInMember(testDb.db, app.base, 'back_bob');
    const annSocket = await chatClient(app.wsUrl, ann.cookies);
    const bobSocket = await chatClient(app.wsUrl, bob.cookies);
    const rooms = (await annSocket.next('rooms')).rooms as { id: number; name: string }[];
    const roomId = rooms.find((r) => r.name === 'General Chat')!.id;
    await bobSocket.next('rooms');
    for (const s of [annSocket, bobSocket]) {
      s.send({ type: 'join', roomId });
      await s.next('history', (x) => x.roomId === roomId);
    }
    const before = await ann.post(`/api/articles/${FREE_ARTICLE}/comments`, { content: 'Who else walks before breakfast?' });
    expect(before.status).toBe(201);
    bobSocket.send({ type: 'message', roomId, content: 'before the cut' });
    await annSocket.next('message', (x) => (x.message as { content: string }).content === 'before the cut');

    await proxy.stop();
    try {
      // The listener has seen its connection go (a cut socket ends at once on loopback).
      await new Promise((r) => setTimeout(r, 500));
      // Saved on this instance, a message reaches its sockets from the row at hand, listener or not.
      bobSocket.send({ type: 'message', roomId, content: 'sent here meanwhile' });
      await annSocket.next('message', (x) => (x.message as { content: string }).content === 'sent here meanwhile');
      await bobSocket.next('message', (x) => (x.message as { content: string }).content === 'sent here meanwhile');
      // Saved on another instance (its domain call, on the same database): only its NOTIFY would tell this one.
      const [bobRow] = await testDb.db.select().from(users).where(eq(users.username, 'back_bob'));
      await sendMessage(testDb.db, bobRow!, roomId, 'while the listener was away');
      const reply = await bob.post(`/api/articles/${FREE_ARTICLE}/comments`, { content: 'I do, every morning.', parentCommentId: (before.body as { id: number }).id });
      expect(reply.status).toBe(201);
      // Its NOTIFY went nowhere: nothing reaches the sockets while the listener is away.
      await new Promise((r) => setTimeout(r, 1000));
      expect(annSocket.received.some((m) => m.type === 'message' && (m.message as { content: string }).content === 'while the listener was away')).toBe(false);
      expect(annSocket.received.some((m) => m.type === 'notification')).toBe(false);
    } finally {
      await proxy.start();
    }

    const missed = (m: { type: string; message?: unknown }) => (m.message as { content?: string } | undefined)?.content === 'while the listener was away';
    await annSocket.next('message', missed, 15_000);
    await bobSocket.next('message', missed, 15_000);
    const notification = await annSocket.next('notification', () => true, 15_000);
    expect(notification).toMatchObject({ notification: { kind: 'reply', actor: { username: 'back_bob' } }, unread: 1 });

    // Live again, and nothing twice: neither what the catch-up pushed nor what was delivered here first.
    const sentHere = (m: { type: string; message?: unknown }) => (m.message as { content?: string } | undefined)?.content === 'sent here meanwhile';
    bobSocket.send({ type: 'message', roomId, content: 'after the return' });
    await annSocket.next('message', (x) => (x.message as { content: string }).content === 'after the return');
    expect(annSocket.received.filter((m) => m.type === 'message' && missed(m))).toHaveLength(1);
    expect(bobSocket.received.filter((m) => m.type === 'message' && missed(m))).toHaveLength(1);
    expect(annSocket.received.filter((m) => m.type === 'message' && sentHere(m))).toHaveLength(1);
    expect(bobSocket.received.filter((m) => m.type === 'message' && sentHere(m))).toHaveLength(1);
    expect(annSocket.received.filter((m) => m.type === 'notification')).toHaveLength(1);
    expect(bobSocket.received.filter((m) => m.type === 'notification')).toHaveLength(0);
    annSocket.ws.close();
    bobSocket.ws.close();
  }, 60_000);
});
