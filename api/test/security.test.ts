import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { mailOutbox } from '../src/db/schema/index.ts';
import { ensureAccount } from '../src/domain/accounts/ensure-accounts.ts';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { withoutLiveLinks } from '../src/integrations/mailer.ts';
import { createLogger } from '../src/lib/logging.ts';
import { browserClient } from './browser-client.ts';
import { signInStaff } from './second-factor-helpers.ts';
import { startFakeCms } from './fake-cms.ts';
import { sampleRecords } from './fixtures.ts';
import { startTestApp, TEST_SECRET } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let cms: Awaited<ReturnType<typeof startFakeCms>>;
const apps: Awaited<ReturnType<typeof startTestApp>>[] = [];

async function app(overrides: Parameters<typeof startTestApp>[0]['overrides'] = {}) {
  const started = await startTestApp({ db: testDb.db, source: createCmsContentSource(cms.url, TEST_SECRET), overrides });
  apps.push(started);
  return started;
}

async function signedIn(base: string, username: string) {
  const c = browserClient(base);
  if (username === 'sec_admin') {
    await signInStaff(c, username, 'pass-word-1');
    return c;
  }
  const res = await c.post('/api/login', { username, password: 'pass-word-1' });
  expect(res.status).toBe(200);
  return c;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  cms = await startFakeCms(sampleRecords(), TEST_SECRET);
  for (const [username, tier, admin] of [['pro_writer', 'pro', false], ['sec_admin', 'free', true], ['guessed', 'free', false]] as const) {
    await ensureAccount(testDb.db, { username, email: `${username}@example.com`, password: 'pass-word-1', tier, admin });
  }
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await cms?.close();
  await testDb?.drop();
});

describe('logs', () => {
  it('never carry the session cookie, the internal secret, reset tokens or SQL parameters', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const failingCms = {
      create: async () => ({ id: 1 }),
      importTargets: async () => ({ categories: [], articles: [] }),
      updateSettings: async () => undefined,
      readDraftArticle: async () => null,
      articleStates: async () => [],
      exportPages: async function* () {},
      mediaFile: async () => null,
      // A failed query as drizzle reports it: the SQL and, after it, the parameters.
      deleteArticle: async () => {
        throw Object.assign(new Error('Failed query: delete from "articles" where "id" = $1\nparams: PARAM-SECRET-42'), { query: 'delete from "articles" where "id" = $1', params: ['PARAM-SECRET-42'] });
      },
    };
    const a = await app({ core: { logger: createLogger('trace', sink) }, content: { cms: failingCms } });
    const admin = await signedIn(a.base, 'sec_admin');
    const sessionId = admin.cookies.get('sid')!;
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    expect((await admin.get('/api/admin/nothing-here')).status).toBe(404);
    expect((await admin.delete('/api/admin/articles/5')).status).toBe(500);
    expect((await admin.get('/api/articles/999?reset=RESET-TOKEN-7&user=1')).status).toBe(404);
    await fetch(`${a.base}/api/internal/content-changed`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-internal-secret': TEST_SECRET }, body: JSON.stringify({ collection: 'articles', operation: 'update' }) });
    await admin.post('/api/request-password-reset', { email: 'sec_admin@example.com' });
    await browserClient(a.base).post('/api/register', { username: 'logged_joiner', email: 'logged_joiner@example.com', password: 'secret-pass' }, { 'x-forwarded-for': '192.0.2.200' });
    await new Promise((r) => setTimeout(r, 100));

    const log = lines.join('');
    expect(log).toContain('/api/admin/articles/5');
    expect(log).toContain('content change signalled');
    expect(log).toContain('[redacted]');
    for (const secret of [sessionId, TEST_SECRET, 'PARAM-SECRET-42', 'RESET-TOKEN-7', '/auth?reset=', '/auth?confirm-token=']) expect(log).not.toContain(secret);
  });

  it('mail kept or sent never shows a live link where it should not', () => {
    expect(withoutLiveLinks('Open http://localhost:3000/auth?reset=abc&user=3 within 30 minutes')).toBe('Open [link removed] within 30 minutes');
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y', INTERNAL_SECRET: 'x'.repeat(32) })).toThrow(/SMTP_URL: required when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y', INTERNAL_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://mail:25' }).smtpUrl).toBe('smtp://mail:25');
  });
});

describe('rate limits hold under parallel requests', () => {
  it('accepts exactly 5 of 20 parallel comments', async () => {
    const a = await app();
    const writer = await signedIn(a.base, 'pro_writer');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => writer.post('/api/articles/1/comments', { content: `parallel ${i}` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(15);
    expect(results.find((r) => r.status === 429)!.headers.get('retry-after')).toBe('60');
  });

  it('lets at most 8 of 20 parallel wrong passwords from one address be tried', async () => {
    const a = await app();
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 20 }, () => browserClient(a.base).post('/api/login', { username: 'guessed', password: 'wrong-guess' })));
    const seconds = (Date.now() - started) / 1000;
    // After the 8 free tries each next one waits 2 s, 4 s, 8 s … after the last: on a loaded machine
    // (CI), 20 requests can take long enough for one or two of those waits to pass, and no more.
    let later = 0;
    while (2 ** (later + 2) - 2 <= seconds) later += 1;
    const tried = results.filter((r) => r.status === 401).length;
    expect(tried).toBeGreaterThanOrEqual(8);
    expect(tried).toBeLessThanOrEqual(8 + later);
    expect(results.filter((r) => r.status === 429)).toHaveLength(20 - tried);
  });

  it('sends at most 4 reset mails for 10 parallel requests', async () => {
    const a = await app();
    const before = (await testDb.db.select().from(mailOutbox)).length;
    const results = await Promise.all(Array.from({ length: 10 }, () => browserClient(a.base).post('/api/request-password-reset', { email: 'pro_writer@example.com' })));
    expect(new Set(results.map((r) => r.body.message)).size).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    expect((await testDb.db.select().from(mailOutbox)).length - before).toBe(4);
  });
});

describe('registration limits', () => {
  const signUp = (base: string, n: number, domain = 'example.org', headers: Record<string, string> = {}) =>
    browserClient(base).post('/api/register', { username: `joiner_${domain.replace(/\W/g, '')}_${n}`, email: `joiner${n}@${domain}`, password: 'secret-pass' }, headers);

  it('answers 429 with Retry-After past the per-address limit, even in parallel', async () => {
    const a = await app({ accounts: { registerLimits: { perAddressPerHour: 3, perDomainPerTenMinutes: 100 } }, core: { trustProxy: false } });
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => signUp(a.base, n)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.body.message).toMatch(/^Too many sign-ups\. Please try again in \d+ minutes\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
  });

  it('limits a burst from one email domain', async () => {
    const a = await app({ accounts: { registerLimits: { perAddressPerHour: 100, perDomainPerTenMinutes: 2 } } });
    expect((await signUp(a.base, 1, 'burst.example')).status).toBe(201);
    expect((await signUp(a.base, 2, 'burst.example')).status).toBe(201);
    expect((await signUp(a.base, 3, 'burst.example')).status).toBe(429);
    expect((await signUp(a.base, 4, 'other.example')).status).toBe(201);
  });
});

describe('the trusted proxy', () => {
  const signUpFrom = (base: string, n: number, forwardedFor: string) =>
    browserClient(base).post('/api/register', { username: `proxied_${base.slice(-5)}_${n}`, email: `proxied${n}.${base.slice(-5)}@p${n}.example`, password: 'secret-pass' }, { 'x-forwarded-for': forwardedFor });

  it('honours X-Forwarded-For from a trusted hop: each visitor has their own limit', async () => {
    const a = await app({ accounts: { registerLimits: { perAddressPerHour: 1, perDomainPerTenMinutes: 100 } }, core: { trustProxy: 'loopback' } });
    expect((await signUpFrom(a.base, 1, '203.0.113.1')).status).toBe(201);
    expect((await signUpFrom(a.base, 2, '203.0.113.2')).status).toBe(201);
    expect((await signUpFrom(a.base, 3, '203.0.113.1')).status).toBe(429);
  });

  it('ignores X-Forwarded-For from a hop it does not trust', async () => {
    await testDb.db.execute(sql`delete from app.throttle_events where key like 'register:ip:%'`);
    const a = await app({ accounts: { registerLimits: { perAddressPerHour: 1, perDomainPerTenMinutes: 100 } }, core: { trustProxy: ['10.0.0.0/8'] } });
    expect((await signUpFrom(a.base, 1, '203.0.113.1')).status).toBe(201);
    expect((await signUpFrom(a.base, 2, '203.0.113.2')).status).toBe(429);
  });
});

describe('hostile input', () => {
  it('answers 404, not 500, for ids beyond PostgreSQL’s integer range', async () => {
    const a = await app();
    const writer = await signedIn(a.base, 'pro_writer');
    const admin = await signedIn(a.base, 'sec_admin');
    expect((await writer.put('/api/articles/comments/99999999999', { content: 'x' })).status).toBe(404);
    expect((await writer.delete('/api/articles/comments/2147483648')).status).toBe(404);
    expect((await writer.get('/api/articles/99999999999/comments')).status).toBe(404);
    expect((await admin.post('/api/admin/users/99999999999/status', { status: 'active' })).status).toBe(404);
    expect((await admin.delete('/api/admin/articles/1e3')).status).toBe(404);
    expect((await writer.post('/api/articles/1/comments', { content: 'reply', parentCommentId: 99999999999 })).status).toBe(400);
    expect((await browserClient(a.base).post('/api/reset-password', { token: 't', userId: 99999999999, newPassword: 'secret-pass' })).status).toBe(400);
  });

  it('refuses NUL characters with 400 wherever they come', async () => {
    const a = await app();
    const visitor = browserClient(a.base);
    for (const res of [
      await visitor.post('/api/login', { username: 'pro\u0000writer', password: 'x' }),
      await visitor.post('/api/request-password-reset', { email: 'a\u0000@example.com' }),
      await visitor.post('/api/register', { username: 'nul_user', email: 'n@example.com', password: 'secret\u0000pass' }),
      await visitor.get('/api/search?q=%00'),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The request contains a NUL character, which is not allowed.');
    }
  });

  it('refuses internal calls that came through a public proxy, even with the secret', async () => {
    const a = await app();
    const call = (headers: Record<string, string>) =>
      fetch(`${a.base}/api/internal/content-changed`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-internal-secret': TEST_SECRET, ...headers }, body: JSON.stringify({ collection: 'articles', operation: 'update' }) });
    expect((await call({})).status).toBe(202);
    expect((await call({ 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
  });
});
