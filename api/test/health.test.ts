import { hostname } from 'node:os';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db/client.ts';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { startFakeCms } from './fake-cms.ts';
import { sampleRecords } from './fixtures.ts';
import { proxyDatabase, type startTcpProxy } from './tcp-proxy.ts';
import { startTestApp, TEST_SECRET } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

// The app reaches its database through a relay the tests can stop, as if PostgreSQL went down.
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let db: Db;
let cms: Awaited<ReturnType<typeof startFakeCms>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  const relayed = await proxyDatabase(testDb.url);
  proxy = relayed.proxy;
  const url = relayed.url;
  db = createDb(url, 3);
  cms = await startFakeCms(sampleRecords(), TEST_SECRET);
  const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _enc, done) => (logLines.push(JSON.parse(String(chunk))), done()) }));
  app = await startTestApp({ db, source: createCmsContentSource(cms.url, TEST_SECRET), overrides: { core: { logger }, ops: { cmsUrl: cms.url } } });
});
afterAll(async () => {
  // Connections the relay cut may never answer again (a rebuild caught on one, the pool ending it):
  // each step of the clean-up gets a few seconds, no more.
  const within = (p: Promise<unknown> | undefined) => Promise.race([p?.catch(() => undefined), new Promise((r) => setTimeout(r, 5000))]);
  await within(app?.close());
  await within(db?.$client.end());
  await within(proxy?.stop());
  await within(cms?.close());
  await within(testDb?.drop());
});

describe('health and readiness', () => {
  it('answers /api/health without touching any dependency', async () => {
    await proxy.stop();
    try {
      const res = await app.fetch('/api/health');
      expect(res.status).toBe(200);
      // `instance` names the answering process, so balancing across API instances can be seen.
      expect(await res.json()).toMatchObject({ status: 'ok', instance: `${hostname()}:${process.pid}`, contentVersion: app.content.current().version });
    } finally {
      await proxy.start();
    }
  });

  it('is ready with the database, the read model and the CMS answering, and says how old the content is', async () => {
    const res = await app.fetch('/api/ready');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ ready: true, database: { ok: true }, cms: { ok: true }, readModel: { ok: true, version: app.content.current().version } });
    expect(body.readModel.ageSeconds).toBeGreaterThanOrEqual(0);
  });

  it('turns 503 naming the database while it is stopped, and 200 again when it returns', async () => {
    await proxy.stop();
    const down = await app.fetch('/api/ready');
    expect(down.status).toBe(503);
    const body = await down.json();
    expect(body.message).toBe('Not ready: database unreachable.');
    expect(body.database.ok).toBe(false);
    await proxy.start();
    await expect.poll(async () => (await app.fetch('/api/ready')).status, { timeout: 10_000 }).toBe(200);
  });

  it('names the CMS when it does not answer', async () => {
    cms.setUp(false);
    try {
      const res = await app.fetch('/api/ready');
      expect(res.status).toBe(503);
      expect((await res.json()).message).toBe('Not ready: CMS unreachable.');
    } finally {
      cms.setUp(true);
    }
  });
});

describe('request ids', () => {
  it('sends a fresh X-Request-Id on every answer and keeps a sane one from the proxy', async () => {
    const a = (await app.fetch('/api/health')).headers.get('x-request-id');
    const b = (await app.fetch('/api/health')).headers.get('x-request-id');
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(b).not.toBe(a);
    expect((await app.fetch('/api/health', { headers: { 'x-request-id': 'caddy-7f3a9c21' } })).headers.get('x-request-id')).toBe('caddy-7f3a9c21');
    expect((await app.fetch('/api/health', { headers: { 'x-request-id': 'bad id <script>' } })).headers.get('x-request-id')).not.toContain('<');
  });

  it('does not believe the X-Request-Id of a client that reached the API directly, not through the edge', async () => {
    // The edge is at 10.0.0.2; this client connects from loopback, past it.
    const direct = await startTestApp({ db, source: createCmsContentSource(cms.url, TEST_SECRET), overrides: { core: { trustProxy: '10.0.0.2' }, ops: { cmsUrl: cms.url } } });
    try {
      const id = (await direct.fetch('/api/health', { headers: { 'x-request-id': 'chosen-by-client-1' } })).headers.get('x-request-id');
      expect(id).not.toBe('chosen-by-client-1');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await direct.close();
    }
  });

  it('puts the request id in a 5xx body and in its log line', async () => {
    await proxy.stop();
    try {
      // The database out of reach is the busy 503 (with Retry-After), never a 500 with internals.
      const res = await app.fetch('/api/bulletin');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
      const id = res.headers.get('x-request-id');
      const body = await res.json();
      expect(body).toEqual({ message: 'The site is busy, please try again in a moment.', code: 'unavailable', requestId: id });
      await expect.poll(() => logLines.some((l) => (l.req as { id?: string } | undefined)?.id === id && l.level === 50)).toBe(true);
    } finally {
      await proxy.start();
    }
  });
});
