import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAccount } from '../src/domain/accounts/ensure-accounts.ts';
import { createSessionCache } from '../src/domain/accounts/session-cache.ts';
import { createListCache } from '../src/domain/public-lists/list-cache.ts';
import type { Signals } from '../src/domain/ports/signals.ts';
import { cacheSignals } from '../src/integrations/cache-signals.ts';
import { createSignals } from '../src/integrations/signals.ts';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { browserClient } from './browser-client.ts';
import { signInStaff } from './second-factor-helpers.ts';
import { startFakeCms } from './fake-cms.ts';
import { sampleRecords } from './fixtures.ts';
import { silentLogger, startTestApp, TEST_SECRET } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

/**
 * Two API instances on one database, each with its own session and list caches: a signed-in read
 * and the community's lists are answered from memory, yet a session ended on one instance is
 * refused by the other at once, and a new post shows on both.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let cms: Awaited<ReturnType<typeof startFakeCms>>;
const apps: Awaited<ReturnType<typeof startTestApp>>[] = [];
const signals: Signals[] = [];
/** The time a NOTIFY takes to reach the other instance; far below the cache's one minute. */
const SIGNAL = { timeout: 1_000, interval: 10 };

beforeAll(async () => {
  testDb = await createTestDatabase();
  cms = await startFakeCms(sampleRecords(), TEST_SECRET);
  for (let i = 0; i < 2; i++) {
    // One signal connection per instance, shared by both caches (as in server.ts).
    const instanceSignals = createSignals({ databaseUrl: testDb.url, logger: silentLogger });
    const sessionCache = createSessionCache({ signals: cacheSignals(instanceSignals) });
    const listCache = createListCache({ signals: cacheSignals(instanceSignals) });
    await instanceSignals.start();
    signals.push(instanceSignals);
    apps.push(await startTestApp({ db: testDb.db, source: createCmsContentSource(cms.url, TEST_SECRET), overrides: { accounts: { sessionCache }, community: { listCache } } }));
  }
  await ensureAccount(testDb.db, { username: 'cache_admin', email: 'cache_admin@example.com', password: 'pass-word-1', tier: 'free', admin: true });
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const s of signals) await s.stop();
  await cms?.close();
  await testDb?.drop();
});

/** A member signed in on instance A, with a client for the same cookie on instance B. */
async function memberOnBoth(username: string) {
  await ensureAccount(testDb.db, { username, email: `${username}@example.com`, password: 'pass-word-1', tier: 'free' });
  const a = browserClient(apps[0]!.base);
  expect((await a.post('/api/login', { username, password: 'pass-word-1' })).status).toBe(200);
  const b = browserClient(apps[1]!.base);
  for (const [k, v] of a.cookies) b.cookies.set(k, v);
  expect((await b.get('/api/user')).status).toBe(200);
  return { a, b };
}
async function admin() {
  const c = browserClient(apps[0]!.base);
  await signInStaff(c, 'cache_admin', 'pass-word-1');
  return c;
}
const lastSeen = async (username: string) =>
  (await testDb.db.execute<{ at: string }>(sql`select max(s.last_seen_at)::text as at from app.sessions s join app.users u on u.id = s.user_id where u.username = ${username}`)).rows[0]!.at;

describe('the session cache keeps revocation immediate on every instance', () => {
  it('answers a signed-in read from memory, moving last_seen at most once a minute', async () => {
    const { a, b } = await memberOnBoth('cache_reader');
    expect((await a.get('/api/user')).status).toBe(200);
    // Both instances hold the session now; a read that reached the database would move this.
    await testDb.db.execute(sql`update app.sessions set last_seen_at = now() - interval '2 minutes' where user_id = (select id from app.users where username = 'cache_reader')`);
    const seen = await lastSeen('cache_reader');
    for (let i = 0; i < 20; i++) expect((await (i % 2 ? a : b).get('/api/user')).status).toBe(200);
    expect(await lastSeen('cache_reader')).toBe(seen);
  });

  it('refuses a session signed out on the other instance', async () => {
    const { a, b } = await memberOnBoth('cache_signout');
    const cookie = new Map(b.cookies);
    expect((await a.post('/api/logout')).status).toBeLessThan(300);
    for (const [k, v] of cookie) b.cookies.set(k, v);
    await expect.poll(async () => (await b.get('/api/user')).status, SIGNAL).toBe(401);
  });

  it('refuses a suspended member on the other instance', async () => {
    const { b } = await memberOnBoth('cache_suspended');
    const id = ((await b.get('/api/user')).body as { id: number }).id;
    const res = await (await admin()).post(`/api/admin/users/${id}/status`, { status: 'suspended', reason: 'spam' });
    expect(res.status).toBe(200);
    await expect.poll(async () => (await b.get('/api/user')).status, SIGNAL).toBe(401);
  });

  it('ends the other sessions on every instance when the password changes', async () => {
    const { a } = await memberOnBoth('cache_password');
    const other = browserClient(apps[1]!.base);
    expect((await other.post('/api/login', { username: 'cache_password', password: 'pass-word-1' })).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(200);
    expect((await a.post('/api/profile/password', { currentPassword: 'pass-word-1', newPassword: 'a-new-pass-word-2' })).status).toBe(200);
    await expect.poll(async () => (await other.get('/api/user')).status, SIGNAL).toBe(401);
  });

  it('refuses the session of a deleted account on the other instance, whoever deleted it', async () => {
    const { b } = await memberOnBoth('cache_deleted');
    await testDb.db.execute(sql`delete from app.users where username = 'cache_deleted'`);
    await expect.poll(async () => (await b.get('/api/user')).status, SIGNAL).toBe(401);
  });

  it('shows a change to the member (VIP granted on one instance) on the other', async () => {
    const { b } = await memberOnBoth('cache_vip');
    const id = ((await b.get('/api/user')).body as { id: number }).id;
    expect((await (await admin()).post(`/api/admin/users/${id}/vip`, { vip: true })).status).toBe(200);
    await expect.poll(async () => ((await b.get('/api/user')).body as { membershipTier: string }).membershipTier, SIGNAL).toBe('vip');
  });
});

describe('the community lists are kept in memory and revalidated, and change on every instance', () => {
  const titles = async (c: ReturnType<typeof browserClient>) => ((await c.get('/api/bulletin')).body as { title: string }[]).map((p) => p.title);

  it('shows a post written on one instance on the other, to visitors and members', async () => {
    const { a, b } = await memberOnBoth('lists_poster');
    const visitorB = browserClient(apps[1]!.base);
    expect(await titles(visitorB)).not.toContain('Posted on instance A');
    expect(await titles(b)).not.toContain('Posted on instance A');
    expect((await a.post('/api/bulletin', { title: 'Posted on instance A', content: 'Seen everywhere at once.', category: 'General' })).status).toBe(201);
    expect(await titles(a)).toContain('Posted on instance A');
    await expect.poll(() => titles(visitorB), SIGNAL).toContain('Posted on instance A');
    await expect.poll(() => titles(b), SIGNAL).toContain('Posted on instance A');
  });

  it('answers 304 to a client holding the current list, and 200 with the new one after a change', async () => {
    const { a } = await memberOnBoth('lists_validator');
    const first = await fetch(`${apps[1]!.base}/api/bulletin`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await fetch(`${apps[1]!.base}/api/bulletin`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await a.post('/api/bulletin', { title: 'A change to revalidate', content: 'The old validator is stale now.', category: 'General' })).status).toBe(201);
    await expect.poll(async () => (await fetch(`${apps[1]!.base}/api/bulletin`, { headers: { 'if-none-match': etag } })).status, SIGNAL).toBe(200);
    const videos = await fetch(`${apps[1]!.base}/api/youtube/videos`);
    expect((await fetch(`${apps[1]!.base}/api/youtube/videos`, { headers: { 'if-none-match': videos.headers.get('etag')! } })).status).toBe(304);
  });

  it("shows a new chat room on the other instance's room list", async () => {
    const { b } = await memberOnBoth('lists_rooms');
    const names = async () => ((await b.get('/api/chat/rooms')).body as { name: string }[]).map((r) => r.name);
    expect(await names()).not.toContain('Room from instance A');
    const creator = await admin();
    expect((await creator.post('/api/chat/rooms', { name: 'Room from instance A', description: 'Created on the first instance.' })).status).toBe(201);
    await expect.poll(names, SIGNAL).toContain('Room from instance A');
  });

  it('shows a favorite saved on one instance in the list on the other', async () => {
    const { a, b } = await memberOnBoth('lists_favorites');
    const [video] = (await b.get('/api/youtube/videos')).body as { id: number }[];
    const saved = async () => ((await b.get('/api/favorites')).body as { id: number }[]).map((v) => v.id);
    expect(await saved()).toEqual([]);
    expect((await a.post(`/api/favorites/${video!.id}`)).status).toBe(200);
    await expect.poll(saved, SIGNAL).toEqual([video!.id]);
  });
});

describe('one signal connection per instance, shared by its caches', () => {
  const listeners = async () =>
    Number((await testDb.db.execute<{ n: string }>(sql`select count(*)::text as n from pg_stat_activity where datname = current_database() and query ilike 'listen cache_signals%'`)).rows[0]!.n);

  it('holds one LISTEN connection per instance, and both caches forget what they hold when it is cut', async () => {
    expect(await listeners()).toBe(2);
    const { b } = await memberOnBoth('cache_cut');
    const visitorB = browserClient(apps[1]!.base);
    expect((await visitorB.get('/api/bulletin')).status).toBe(200);
    // Cut both listeners: a signal sent while they are down is lost, so nothing may be served from memory.
    await testDb.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen cache_signals%'`);
    await testDb.db.execute(sql`delete from app.sessions where user_id = (select id from app.users where username = 'cache_cut')`);
    await testDb.db.execute(sql`insert into app.bulletin_posts (user_id, title, content, category) select id, 'Written while the listeners were down', 'No signal reached anyone.', 'General' from app.users where username = 'cache_admin'`);
    // Each instance notices its connection ended (or has reconnected, which forgets too) within moments.
    await expect.poll(async () => (await b.get('/api/user')).status, SIGNAL).toBe(401);
    await expect.poll(async () => ((await visitorB.get('/api/bulletin')).body as { title: string }[]).map((p) => p.title), SIGNAL).toContain('Written while the listeners were down');
    // They come back by themselves.
    await expect.poll(listeners, { timeout: 5_000, interval: 100 }).toBe(2);
  });
});
