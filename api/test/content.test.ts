import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CMS_READ_PAGE_SIZE, type ContentRecords } from '@app/shared/server';
import { createContentReadModel } from '../src/domain/content/content-read-model.ts';
import { createSnapshotStore } from '../src/domain/content/snapshot-store.ts';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { CONTENT_CHANGED_CHANNEL, listenForContentChanges } from '../src/integrations/content-change-listener.ts';
import { createSignals } from '../src/integrations/signals.ts';
import { startFakeCms } from './fake-cms.ts';
import { article, sampleRecords } from './fixtures.ts';
import { silentLogger, startTestApp, TEST_SECRET } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let cms: Awaited<ReturnType<typeof startFakeCms>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
const builds: string[] = [];
const builtVersions: string[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  cms = await startFakeCms(sampleRecords(), TEST_SECRET);
  app = await startTestApp({
    db: testDb.db,
    source: createCmsContentSource(cms.url, TEST_SECRET),
    builder: { build: async (snapshot) => (builds.push('built'), builtVersions.push(snapshot.version), { buildId: 'b1' }) },
  });
});
afterAll(async () => {
  await app?.close();
  await cms?.close();
  await testDb?.drop();
});

describe('content endpoints', () => {
  it('lists articles with their public fields and never a body', async () => {
    const res = await app.fetch('/api/articles');
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list.map((a: { id: number }) => a.id)).toEqual([1, 2, 3]);
    expect(list[0]).toMatchObject({ title: 'Article 1 (free)', category: 'self-confidence', author: 'Better Self Studio', thumbnail: '/media/a1.svg' });
    expect(JSON.stringify(list)).not.toContain('SECRET-BODY');
  });

  it('sends the article list and products compressed as the client accepts, each coding with its own ETag, and 304 to a client that holds it', async () => {
    const plain = await (await app.fetch('/api/articles', { headers: { 'accept-encoding': 'identity' } })).text();
    const raw = (path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http.get(`${app.base}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) })).on('error', reject);
        }).on('error', reject);
      });
    const br = await raw('/api/articles', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding' });
    expect(brotliDecompressSync(br.body).toString()).toBe(plain);
    const gzip = await raw('/api/articles', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(plain);
    const none = await raw('/api/articles', {});
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString()).toBe(plain);
    expect(new Set([br.headers.etag, gzip.headers.etag, none.headers.etag]).size).toBe(3);
    expect((await raw('/api/articles', { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! })).status).toBe(304);
    // Another coding's tag is another representation: sent whole.
    expect((await raw('/api/articles', { 'if-none-match': br.headers.etag! })).status).toBe(200);
    const products = await raw('/api/products/featured', { 'accept-encoding': 'br' });
    expect(JSON.parse(brotliDecompressSync(products.body).toString())).toEqual(await (await app.fetch('/api/products/featured')).json());
  });

  it('gives a visitor the body of a free article', async () => {
    const body = await (await app.fetch('/api/articles/1')).json();
    expect(body).toMatchObject({ id: 1, locked: false, content: '<p>SECRET-BODY-1</p>' });
  });

  it('gives a visitor the locked panel, not the body, of pro and vip articles', async () => {
    for (const id of [2, 3]) {
      const res = await app.fetch(`/api/articles/${id}`);
      const text = await res.text();
      expect(res.status).toBe(200);
      expect(JSON.parse(text)).toMatchObject({ id, locked: true, content: null, interactiveData: null });
      expect(text).not.toContain('SECRET-BODY');
    }
  });

  it('answers 404 with a message for unknown and malformed article ids', async () => {
    for (const id of ['999', 'abc', '-1']) {
      const res = await app.fetch(`/api/articles/${id}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Article not found', code: 'not_found' });
    }
  });

  it('lists the articles of a category and says "Category Not Found" for an unknown one', async () => {
    const ok = await app.fetch('/api/articles/category/Self-Confidence');
    expect((await ok.json()).length).toBe(3);
    const missing = await app.fetch('/api/articles/category/no-such-thing');
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe('Category Not Found');
  });

  it('returns at most three featured products', async () => {
    const featured = await (await app.fetch('/api/products/featured')).json();
    expect(featured.map((p: { id: number }) => p.id)).toEqual([1, 2, 4]);
  });

  it('serves one product and 404s an unknown one', async () => {
    expect((await (await app.fetch('/api/products/5')).json())).toMatchObject({ id: 5, inStock: false, price: 5000 });
    expect((await app.fetch('/api/products/77')).status).toBe(404);
  });

  it('lists videos with the default duration', async () => {
    const videos = await (await app.fetch('/api/youtube/videos')).json();
    expect(videos[0]).toMatchObject({ title: 'Morning focus', duration: '00:00', views: 0 });
  });
});

describe('bad input', () => {
  it('answers unknown API paths with JSON 404', async () => {
    const res = await app.fetch('/api/nope/nothing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect((await res.json()).message).toContain('No API route');
  });

  it('refuses malformed JSON with 400 and no stack trace', async () => {
    const res = await app.fetch('/api/internal/content-changed', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-secret': TEST_SECRET },
      body: '{"collection": ',
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(JSON.parse(text).message).toBe('The request body is not valid JSON.');
    expect(text).not.toMatch(/at .*\.ts:\d+/);
  });

  it('refuses an oversized body with 413', async () => {
    const res = await app.fetch('/api/internal/content-changed', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-secret': TEST_SECRET },
      body: JSON.stringify({ collection: 'x'.repeat(200_000), operation: 'update' }),
    });
    expect(res.status).toBe(413);
  });
});

describe('the CMS change signal', () => {
  it('is refused without the service secret', async () => {
    const res = await app.fetch('/api/internal/content-changed', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-secret': 'wrong' },
      body: JSON.stringify({ collection: 'articles', operation: 'update' }),
    });
    expect(res.status).toBe(403);
  });

  it('refreshes the read model and schedules one debounced rebuild for a burst of changes', async () => {
    // Read before the change (its answer is kept for this content version)...
    expect((await (await app.fetch('/api/articles/1')).json()).content).toBe('<p>SECRET-BODY-1</p>');
    const next = sampleRecords();
    next.articles.push(article(4, 'free', { title: 'Freshly published' }));
    next.articles[0]!.contentHtml = '<p>Edited body</p>';
    cms.set(next);
    // The start's own build takes the deployment lock first; let it finish before counting.
    await app.rebuilds.idle();
    builds.length = 0;
    for (let i = 0; i < 3; i++) {
      const res = await app.fetch('/api/internal/content-changed', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-internal-secret': TEST_SECRET },
        body: JSON.stringify({ collection: 'articles', operation: 'create', id: 4 }),
      });
      expect(res.status).toBe(202);
    }
    await expect.poll(async () => (await (await app.fetch('/api/articles')).json()).map((a: { title: string }) => a.title), { timeout: 3000 }).toContain('Freshly published');
    await app.rebuilds.idle();
    expect(builds).toEqual(['built']);
    // ...and the new version's answer after it.
    expect((await (await app.fetch('/api/articles/1')).json()).content).toBe('<p>Edited body</p>');
    // The build got the snapshot the API serves, and the deployment records its version.
    const { contentVersion } = await (await app.fetch('/api/health')).json();
    expect(builtVersions.at(-1)).toBe(contentVersion);
    const rows = await testDb.db.query.deployments.findMany();
    expect(rows.at(-1)).toMatchObject({ status: 'succeeded', trigger: `content ${contentVersion}`, contentVersion });
  });

  it('hands the site build the same snapshot the API serves', async () => {
    const res = await app.fetch('/api/internal/content-snapshot', { headers: { 'x-internal-secret': TEST_SECRET } });
    const snapshot = await res.json();
    expect(snapshot.version).toBe((await (await app.fetch('/api/health')).json()).contentVersion);
    expect(snapshot.records.articles.map((a: { title: string }) => a.title)).toContain('Freshly published');
    expect((await app.fetch('/api/internal/content-snapshot')).status).toBe(403);
  });

  it('reloads when the CMS commits a change, and not for a change rolled back', async () => {
    const signals: string[] = [];
    const listener = createSignals({ databaseUrl: testDb.url, logger: silentLogger });
    listenForContentChanges({ signals: listener, onChange: (reason) => signals.push(reason) });
    await listener.start();
    try {
      expect(signals).toEqual(['listener connected']);
      const notify = (payload: string) => sql`select pg_notify(${CONTENT_CHANGED_CHANNEL}, ${payload})`;
      await testDb.db.transaction(async (tx) => {
        await tx.execute(notify('rolled back'));
        tx.rollback();
      }).catch(() => {});
      await testDb.db.transaction(async (tx) => {
        await tx.execute(notify('committed'));
        // Nothing is delivered before the commit.
        await new Promise((r) => setTimeout(r, 100));
        expect(signals).toEqual(['listener connected']);
      });
      await expect.poll(() => signals).toEqual(['listener connected', 'committed']);
    } finally {
      await listener.stop();
    }
  });

  it('tries a failed load again on its own, backing off, until the CMS answers', async () => {
    let calls = 0;
    const records = sampleRecords();
    const source = { load: async () => {
      calls += 1;
      if (calls <= 3) throw new Error('the CMS took too long');
      return structuredClone(records);
    } };
    const versions: string[] = [];
    // Its own snapshot store: the app's last snapshot stays the app's.
    const content = createContentReadModel({ source, snapshots: { save: async () => undefined, load: async () => null }, logger: silentLogger, onChange: (s) => versions.push(s.version), retryMs: 20 });
    expect(await content.refresh()).toBe(false);
    await expect.poll(() => versions.length, { timeout: 5000 }).toBe(1);
    expect(content.current().articles.size).toBeGreaterThan(0);
    expect(calls).toBe(4);
    // Loaded, it waits for the next change: no more tries.
    await new Promise((r) => setTimeout(r, 300));
    expect(calls).toBe(4);
  });

  it('keeps serving the last content when the CMS is down, even after a restart', async () => {
    cms.setUp(false);
    expect((await app.content.refresh())).toBe(false);
    expect((await (await app.fetch('/api/articles')).json()).length).toBe(4);
    const restarted = await startTestApp({ db: testDb.db, source: createCmsContentSource(cms.url, TEST_SECRET) });
    try {
      expect((await (await restarted.fetch('/api/articles')).json()).length).toBe(4);
    } finally {
      await restarted.close();
      cms.setUp(true);
    }
  });
});

describe('reading the content back after a large import', () => {
  it('reads 1,000 articles in the CMS\'s order a page at a time and without the editor\'s body, so the CMS keeps answering others meanwhile', async () => {
    // Imported articles as the CMS holds them: the editor's body (Lexical) beside its HTML; and a draft the site never shows.
    const library = Array.from({ length: 1000 }, (_, i) => ({ ...article(100 + i, 'free'), _status: 'published', content: { root: { children: [{ type: 'paragraph' }] } } }));
    const draft = { ...article(5000, 'free'), _status: 'draft' };
    const big = await startFakeCms({ ...sampleRecords(), articles: [...library, draft] as ContentRecords['articles'] }, TEST_SECRET);
    try {
      const { articles } = await createCmsContentSource(big.url, TEST_SECRET).load();
      expect(articles.map((a) => a.id)).toEqual(library.map((a) => a.id));
      expect(articles[0]).toEqual(article(100, 'free'));
      const read = big.answers.filter((a) => a.collection === 'articles');
      expect(Math.max(...read.map((a) => a.bodies))).toBeLessThanOrEqual(CMS_READ_PAGE_SIZE);
      expect(read.reduce((n, a) => n + a.editorBodies, 0)).toBe(0);
    } finally {
      await big.close();
    }
  });
});

describe('search', () => {
  it('finds articles, videos and products by every word, titles first, and never searches bodies', async () => {
    const found = await (await app.fetch('/api/search?q=article%20free')).json();
    expect(found.articles.map((a: { id: number }) => a.id)).toContain(1);
    expect(found.articles[0].content).toBeUndefined();
    const body = await (await app.fetch('/api/search?q=SECRET-BODY')).json();
    expect(body.articles).toEqual([]);
    const video = await (await app.fetch('/api/search?q=MORNING')).json();
    expect(video.videos[0].title).toBe('Morning focus');
    const product = await (await app.fetch('/api/search?q=product%205')).json();
    expect(product.products.map((p: { id: number }) => p.id)).toEqual([5]);
    expect((await (await app.fetch('/api/search?q=')).json()).articles).toEqual([]);
    expect((await app.fetch(`/api/search?q=${'x'.repeat(300)}`)).status).toBe(400);
  });
});

describe('the saved snapshot', () => {
  it('holds the content last saved: a second save replaces the first, records, version and time', async () => {
    const store = createSnapshotStore(testDb.db);
    const first = sampleRecords();
    await store.save({ records: first, version: 'v-first', loadedAt: '2026-01-01T00:00:00.000Z' });
    const second = sampleRecords();
    second.articles = [...second.articles, article(99, 'free', { title: 'Saved second' })];
    await store.save({ records: second, version: 'v-second', loadedAt: '2026-01-02T00:00:00.000Z' });
    const loaded = await store.load();
    expect(loaded).toMatchObject({ version: 'v-second', loadedAt: '2026-01-02T00:00:00.000Z' });
    expect(loaded!.records.articles.map((a) => a.title)).toContain('Saved second');
    expect(loaded!.records.articles).toHaveLength(second.articles.length);
  });
});
