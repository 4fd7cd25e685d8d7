import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureAccount } from '../src/domain/accounts/ensure-accounts.ts';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { browserClient } from './browser-client.ts';
import { chatClient } from './chat-client.ts';
import { chatInstances, INSTANCES_START } from './chat-instances.ts';
import { startFakeCms } from './fake-cms.ts';
import { sampleRecords } from './fixtures.ts';
import { startTestApp, TEST_SECRET } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let cms: Awaited<ReturnType<typeof startFakeCms>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
const instances = chatInstances(() => testDb.url);
const startInstance = () => instances.start();

async function signedIn(username: string) {
  await ensureAccount(testDb.db, { username, email: `${username}@example.com`, password: 'pass-word-1', tier: 'free' });
  const http = browserClient(app.base);
  expect((await http.post('/api/login', { username, password: 'pass-word-1' })).status).toBe(200);
  return http;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  cms = await startFakeCms(sampleRecords(), TEST_SECRET);
  app = await startTestApp({ db: testDb.db, source: createCmsContentSource(cms.url, TEST_SECRET) });
});
afterAll(async () => {
  await instances.stopAll();
  await app?.close();
  await cms?.close();
  await testDb?.drop();
});

it('delivers a message sent to one API process to members connected to another', async () => {
  const [first, second] = await Promise.all([startInstance(), startInstance()]);
  const ann = await chatClient(first, (await signedIn('multi_ann')).cookies);
  const bob = await chatClient(second, (await signedIn('multi_bob')).cookies);
  const rooms = (await ann.next('rooms')).rooms as { id: number; name: string }[];
  const general = rooms.find((r) => r.name === 'General Chat')!.id;
  for (const s of [ann, bob]) {
    s.send({ type: 'join', roomId: general });
    await s.next('joined');
  }
  ann.send({ type: 'message', roomId: general, content: 'Hello from the first instance' });
  const got = await bob.next('message');
  expect(got).toMatchObject({ roomId: general, message: { content: 'Hello from the first instance', sender: { displayName: 'multi_ann' } } });
  // The first delivers it from the row it saved, the second from its announcement: the same message.
  expect((await ann.next('message')).message).toEqual(got.message);
  bob.send({ type: 'chat_message', roomId: general, content: 'And back from the second' });
  expect(((await ann.next('message', (m) => (m.message as { content: string }).content.startsWith('And back'))).message as { content: string }).content).toBe('And back from the second');
  ann.close();
  bob.close();
}, INSTANCES_START);

it('keeps the conversation going across instances after the database cuts every connection (a restart)', async () => {
  const [first, second] = await Promise.all([startInstance(), startInstance()]);
  const ann = await chatClient(first, (await signedIn('restart_ann')).cookies);
  const bob = await chatClient(second, (await signedIn('restart_bob')).cookies);
  const general = ((await ann.next('rooms')).rooms as { id: number; name: string }[]).find((r) => r.name === 'General Chat')!.id;
  for (const s of [ann, bob]) {
    s.send({ type: 'join', roomId: general });
    await s.next('joined');
  }
  // What a PostgreSQL restart does to the API processes: every connection, pooled and listening, is cut.
  await testDb.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
  // The sockets stay open (they are the members' connections to the API, not to the database); the
  // instances' listeners come back by themselves, and the first message after that reaches the other instance.
  const heard = (k: number) => bob.received.some((m) => m.type === 'message' && (m.message as { content: string }).content === `After the restart ${k}`);
  let k = 0;
  await expect
    .poll(async () => {
      k += 1;
      ann.send({ type: 'message', roomId: general, content: `After the restart ${k}` });
      await new Promise((r) => setTimeout(r, 300));
      return heard(k);
    }, { timeout: 15_000, interval: 200 })
    .toBe(true);
  expect(ann.ws.readyState).toBe(ann.ws.OPEN);
  expect(bob.ws.readyState).toBe(bob.ws.OPEN);
  // And the other way.
  bob.send({ type: 'message', roomId: general, content: 'Heard you after the restart' });
  await ann.next('message', (m) => (m.message as { content: string }).content === 'Heard you after the restart', 10_000);
  ann.close();
  bob.close();
}, INSTANCES_START + 30_000);
