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

/**
 * "N reading now" across API processes (DESIGN §7.28): readers on different instances count
 * together, signed out or in, nobody identified; each instance holds one LISTEN connection for
 * every signal.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let cms: Awaited<ReturnType<typeof startFakeCms>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
const instances = chatInstances(() => testDb.url);
const TIMING = { flushMs: 50, refreshMs: 300, expiryMs: 1500 };

type Reader = Awaited<ReturnType<typeof chatClient>>;
/** The reading the socket was last told for the article. */
const lastReading = (s: Reader, articleId: number) => s.received.filter((m) => m.type === 'presence' && m.articleId === articleId).at(-1)?.reading;
const reads = (s: Reader, articleId: number, reading: number) => expect.poll(() => lastReading(s, articleId), { timeout: 5000, interval: 50 }).toBe(reading);

/** The database's LISTEN connections (the app's and the instances'): `LISTEN` is the last thing each ran. */
const listenConnections = async () => Number((await testDb.db.execute<{ n: string }>(sql`select count(*)::text as n from pg_stat_activity where datname = current_database() and query ilike 'listen %'`)).rows[0]!.n);

beforeAll(async () => {
  testDb = await createTestDatabase();
  cms = await startFakeCms(sampleRecords(), TEST_SECRET);
  app = await startTestApp({ db: testDb.db, source: createCmsContentSource(cms.url, TEST_SECRET), databaseUrl: testDb.url, presenceTiming: TIMING });
});
afterAll(async () => {
  await instances.stopAll();
  await app?.close();
  await cms?.close();
  await testDb?.drop();
});

it('holds one LISTEN connection per instance for every signal: content, caches, chat, notifications and presence', async () => {
  // The app here and each process as server.ts wires it: one each, where there were four.
  expect(await listenConnections()).toBe(1);
  await Promise.all([instances.start(), instances.start()]);
  expect(await listenConnections()).toBe(3);
  const names = await testDb.db.execute<{ application_name: string }>(sql`select application_name from pg_stat_activity where datname = current_database() and query ilike 'listen %'`);
  expect(names.rows.map((r) => r.application_name)).toEqual(['api signals', 'api signals', 'api signals']);
}, INSTANCES_START);

it('counts the readers of an article across instances, signed out or in, and forgets those who leave or whose instance dies', async () => {
  const [first, second] = await Promise.all([instances.start({ presenceTiming: TIMING }), instances.start({ presenceTiming: TIMING })]);
  const ann = await chatClient(`${first}?channels=presence`, null);
  ann.send({ type: 'presence', articleId: 1 });
  await reads(ann, 1, 1);

  // A signed-in member's page counts the same way: its presence socket reads no cookie.
  await ensureAccount(testDb.db, { username: 'presence_bob', email: 'presence_bob@example.com', password: 'pass-word-1', tier: 'free' });
  const http = browserClient(app.base);
  expect((await http.post('/api/login', { username: 'presence_bob', password: 'pass-word-1' })).status).toBe(200);
  const bob = await chatClient(`${second}?channels=presence`, http.cookies);
  bob.send({ type: 'presence', articleId: 1 });
  await reads(bob, 1, 2);
  await reads(ann, 1, 2);
  expect(bob.received.some((m) => m.type === 'welcome')).toBe(false);

  // A third on the app's own instance; another article counts apart.
  const cy = await chatClient(`${app.wsUrl}?channels=presence`, null);
  cy.send({ type: 'presence', articleId: 1 });
  await reads(cy, 1, 3);
  await reads(ann, 1, 3);
  cy.send({ type: 'presence', articleId: 2 });
  await reads(cy, 2, 1);
  expect(lastReading(ann, 2)).toBeUndefined();

  // Leaving (the frame, or closing the page) is told to the others.
  cy.send({ type: 'presence_leave', articleId: 1 });
  await reads(ann, 1, 2);
  bob.close();
  await reads(ann, 1, 1);

  // An instance that dies says nothing: its readers are forgotten when its counts expire.
  const dan = await chatClient(`${second}?channels=presence`, null);
  dan.send({ type: 'presence', articleId: 1 });
  await reads(ann, 1, 2);
  await instances.kill(second);
  await reads(ann, 1, 1);
  for (const s of [ann, cy]) s.close();
}, INSTANCES_START + 30_000);

it('a new instance asks the others for their counts rather than wait for their next round', async () => {
  const slow = { ...TIMING, refreshMs: 60_000, expiryMs: 120_000 };
  const first = await instances.start({ presenceTiming: slow });
  const ann = await chatClient(`${first}?channels=presence`, null);
  ann.send({ type: 'presence', articleId: 3 });
  await reads(ann, 3, 1);
  const newcomer = await instances.start({ presenceTiming: slow });
  const bob = await chatClient(`${newcomer}?channels=presence`, null);
  bob.send({ type: 'presence', articleId: 3 });
  await reads(bob, 3, 2);
  await reads(ann, 3, 2);
  for (const s of [ann, bob]) s.close();
  // Under the 60 s round: a newcomer that waited for it would fail. Two instances' starts take most of it on a loaded machine.
}, INSTANCES_START + 45_000);

it('catches up after the database cuts every LISTEN connection: each instance asks the others again when it is back', async () => {
  const slow = { ...TIMING, refreshMs: 60_000, expiryMs: 120_000 };
  const [first, second] = await Promise.all([instances.start({ presenceTiming: slow }), instances.start({ presenceTiming: slow })]);
  const ann = await chatClient(`${first}?channels=presence`, null);
  const bob = await chatClient(`${second}?channels=presence`, null);
  for (const s of [ann, bob]) s.send({ type: 'presence', articleId: 2 });
  await reads(ann, 2, 2);
  await reads(bob, 2, 2);
  const before = await listenConnections();
  await testDb.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'`);
  // A reader arriving while the connections are down: what the first instance says then is lost.
  const cy = await chatClient(`${first}?channels=presence`, null);
  cy.send({ type: 'presence', articleId: 2 });
  await reads(cy, 2, 3);
  await reads(bob, 2, 3);
  await expect.poll(listenConnections, { timeout: 10_000, interval: 100 }).toBe(before);
  for (const s of [ann, bob, cy]) s.close();
}, INSTANCES_START + 30_000);
