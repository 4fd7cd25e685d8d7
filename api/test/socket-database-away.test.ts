import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db/client.ts';
import { ensureAccount } from '../src/domain/accounts/ensure-accounts.ts';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { browserClient } from './browser-client.ts';
import { chatClient } from './chat-client.ts';
import { startFakeCms } from './fake-cms.ts';
import { sampleRecords } from './fixtures.ts';
import { proxyDatabase, type startTcpProxy } from './tcp-proxy.ts';
import { startTestApp, TEST_SECRET } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

// A socket frame while the database is away (a restart, a failover: issue 51) is answered with the
// busy sentence, as HTTP's 503 is, not left without an answer. The app's pool reaches PostgreSQL
// through a relay the test stops; its LISTEN connection goes straight there.
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let db: Db;
let cms: Awaited<ReturnType<typeof startFakeCms>>;
let app: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const relayed = await proxyDatabase(testDb.url);
  proxy = relayed.proxy;
  const url = relayed.url;
  db = createDb(url, 3);
  cms = await startFakeCms(sampleRecords(), TEST_SECRET);
  app = await startTestApp({ db, source: createCmsContentSource(cms.url, TEST_SECRET), databaseUrl: testDb.url });
});
afterAll(async () => {
  const within = (p: Promise<unknown> | undefined) => Promise.race([p?.catch(() => undefined), new Promise((r) => setTimeout(r, 5000))]);
  await within(app?.close());
  await within(db?.$client.end());
  await within(proxy?.stop());
  await within(cms?.close());
  await within(testDb?.drop());
});

describe('a socket while the database is away', () => {
  it('answers a chat message with the busy sentence, and takes the next one once the database is back', async () => {
    await ensureAccount(testDb.db, { username: 'away_ann', email: 'away_ann@example.com', password: 'pass-word-1', tier: 'free' });
    const http = browserClient(app.base);
    expect((await http.post('/api/login', { username: 'away_ann', password: 'pass-word-1' })).status).toBe(200);
    const socket = await chatClient(app.wsUrl, http.cookies);
    const rooms = (await socket.next('rooms')).rooms as { id: number; name: string }[];
    const roomId = rooms.find((r) => r.name === 'General Chat')!.id;
    socket.send({ type: 'join', roomId });
    await socket.next('history', (x) => x.roomId === roomId);

    await proxy.stop();
    try {
      socket.send({ type: 'message', roomId, content: 'while the database is away' });
      const error = await socket.next('error', () => true, 15_000);
      expect(error).toMatchObject({ type: 'error', message: 'The site is busy, please try again in a moment.', roomId });
    } finally {
      await proxy.start();
    }
    await expect.poll(async () => {
      socket.send({ type: 'message', roomId, content: 'the database is back' });
      return (await socket.next('message', (x) => (x.message as { content?: string }).content === 'the database is back', 3000).catch(() => null)) !== null;
    }, { timeout: 20_000, interval: 500 }).toBe(true);
    socket.ws.close();
  }, 60_000);
});
