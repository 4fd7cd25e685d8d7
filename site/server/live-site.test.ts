// @vitest-environment node
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, get, STATUS_CODES, type IncomingHttpHeaders, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { publishBuild } from '@app/shared/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveSite, type LiveSite } from './live-site.ts';

// Each build loaded starts its page thread, which takes seconds on a machine as loaded as CI's.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const INLINE = "document.documentElement.dataset.x='1'";
/** Astro's Node adapter code, as a build's server entry imports it. */
const ASTRO_NODE = pathToFileURL(createRequire(import.meta.url).resolve('astro/app/node')).href;
let buildsDir: string;
let site: LiveSite;
let server: Server;
let base: string;
let logs: string[];

/** A build as Astro's node adapter leaves it: static client files and a middleware entry. */
async function fakeBuild(id: string, label: string) {
  const dir = path.join(buildsDir, id);
  await mkdir(path.join(dir, 'server'), { recursive: true });
  await mkdir(path.join(dir, 'client/_astro'), { recursive: true });
  // `/status/N`: a page rendered on demand that set its status, written by Astro's own Node adapter code.
  await writeFile(
    path.join(dir, 'server/entry.mjs'),
    `import { NodeApp } from ${JSON.stringify(ASTRO_NODE)};
export const handler = (req, res, next) => {
  if (req.url.split('?')[0] === '/dynamic') return res.end('dynamic from ${label}');
  if (req.url === '/slow') return setTimeout(() => res.end('slow from ${label}'), 1000);
  const status = /^\\/status\\/(\\d+)$/.exec(req.url);
  if (status) return NodeApp.writeResponse(new Response(Number(status[1]) === 204 ? null : 'page', { status: Number(status[1]), statusText: 'OK' }), res);
  next();
};`,
  );
  await writeFile(path.join(dir, 'client/index.html'), `<!doctype html><title>${label}</title><script>${INLINE}</script><p>${'page '.repeat(200)}</p>`);
  await writeFile(path.join(dir, 'client/_astro/app.js'), 'console.log(1)');
}

/** A GET whose body stays as sent (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

beforeEach(async () => {
  buildsDir = await mkdtemp(path.join(tmpdir(), 'live-site-'));
  await fakeBuild('b1', 'first');
  await publishBuild(buildsDir, 'b1');
  logs = [];
  site = await createLiveSite({ buildsDir, log: (msg) => logs.push(msg) });
  server = createServer((req, res) => site.handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  site.close();
  await new Promise<void>((r) => server.close(() => r()));
  await rm(buildsDir, { recursive: true, force: true });
});

describe('the live site', () => {
  it('serves static pages with a policy that allows exactly their inline scripts', async () => {
    const res = await fetch(`${base}/`);
    expect(await res.text()).toContain('<title>first</title>');
    const hash = createHash('sha256').update(INLINE).digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(res.headers.get('content-security-policy')).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('gives each page a policy of its own inline scripts, and pages rendered on demand the whole build’s', async () => {
    await fakeBuild('b2', 'second');
    const other = "document.documentElement.dataset.y='2'";
    await mkdir(path.join(buildsDir, 'b2/client/about'), { recursive: true });
    await writeFile(path.join(buildsDir, 'b2/client/about/index.html'), `<!doctype html><title>About</title><script>${other}</script>`);
    await publishBuild(buildsDir, 'b2');
    await expect.poll(async () => (await fetch(`${base}/`)).text(), { timeout: 30_000, interval: 200 }).toContain('<title>second</title>');
    const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    const policy = async (p: string) => (await fetch(`${base}${p}`)).headers.get('content-security-policy') ?? '';
    expect(await policy('/')).toContain(hashOf(INLINE));
    expect(await policy('/')).not.toContain(hashOf(other));
    expect(await policy('/about')).toContain(hashOf(other));
    expect(await policy('/about')).not.toContain(hashOf(INLINE));
    // A page rendered on demand: every page's hashes.
    expect(await policy('/dynamic')).toContain(hashOf(INLINE));
    expect(await policy('/dynamic')).toContain(hashOf(other));
  });

  it('answers precompressed bodies, ETags and long caching for hashed assets', async () => {
    const page = await rawGet(`${base}/`, { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.body).toString()).toContain('first');
    const br = await rawGet(`${base}/`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toContain('first');
    const plain = await rawGet(`${base}/`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    // Each encoding is its own representation, with its own strong validator.
    expect(new Set([page.headers.etag, br.headers.etag, plain.headers.etag]).size).toBe(3);
    expect(page.headers.etag).toMatch(/^"[\w-]+-gzip"$/);
    const again = await fetch(`${base}/`, { headers: { 'if-none-match': String(page.headers.etag), 'accept-encoding': 'gzip' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(page.headers.etag);
    // The tag of another encoding does not stand for this one.
    expect((await rawGet(`${base}/`, { 'if-none-match': String(page.headers.etag), 'accept-encoding': 'identity' })).status).toBe(200);
    expect(again.headers.get('content-security-policy')).toContain('script-src');
    expect(again.headers.get('x-frame-options')).toBe('DENY');
    expect((await fetch(`${base}/_astro/app.js`)).headers.get('cache-control')).toContain('immutable');
  });

  it('answers a file of the build alone when asked first (the front door does), the same bytes and headers as handle, and declines what is not one', async () => {
    const alone = createServer((req, res) => {
      if (!site.answerStatic(req, res)) res.writeHead(599).end();
    });
    await new Promise<void>((r) => alone.listen(0, '127.0.0.1', r));
    try {
      const at = `http://127.0.0.1:${(alone.address() as AddressInfo).port}`;
      const byHandle = await rawGet(`${base}/`, { 'accept-encoding': 'br' });
      const byAnswer = await rawGet(`${at}/`, { 'accept-encoding': 'br' });
      expect(byAnswer.status).toBe(200);
      expect(byAnswer.body.equals(byHandle.body)).toBe(true);
      const headers = (h: Record<string, unknown>) => ({ ...h, date: undefined, connection: undefined, 'keep-alive': undefined });
      expect(headers(byAnswer.headers)).toEqual(headers(byHandle.headers));
      expect((await rawGet(`${at}/dynamic`, {})).status).toBe(599);
      expect((await rawGet(`${at}/api/ready`, {})).status).toBe(599);
      // What the front door asks before it answers a view beacon itself: a page of the build, not one rendered on demand.
      expect([site.hasPage('/'), site.hasPage('/_astro/app.js'), site.hasPage('/dynamic'), site.hasPage('/nothing')]).toEqual([true, true, false, false]);
    } finally {
      await new Promise<void>((r) => alone.close(() => r()));
    }
  });

  it('passes other paths to the build’s server entry, and 404s what neither has', async () => {
    const dynamic = await fetch(`${base}/dynamic`);
    expect(await dynamic.text()).toBe('dynamic from first');
    expect((await fetch(`${base}/nothing`)).status).toBe(404);
    // Pages are never framed, except a preview link's page by this origin (the CMS's live preview).
    expect([dynamic.headers.get('x-frame-options'), dynamic.headers.get('content-security-policy')]).toEqual(['DENY', expect.stringContaining("frame-ancestors 'none'")]);
    const preview = await fetch(`${base}/preview/articles/1?token=x`);
    expect([preview.headers.get('x-frame-options'), preview.headers.get('content-security-policy')]).toEqual(['SAMEORIGIN', expect.stringContaining("frame-ancestors 'self'")]);
  });

  it('answers an imported article’s old addresses: 301 to its page, 410 once it is deleted, and never over a real page', async () => {
    await fakeBuild('b3', 'third');
    const client = path.join(buildsDir, 'b3/client');
    await writeFile(path.join(client, '404.html'), '<!doctype html><title>Page not found</title>');
    await writeFile(path.join(client, '410.html'), '<!doctype html><title>Article Removed</title><p>The article that was at this address has been removed.</p>');
    await mkdir(path.join(client, 'about'), { recursive: true });
    await writeFile(path.join(client, 'about/index.html'), '<!doctype html><title>About</title>');
    // `/auth` and `/subscribe` as a build made before they were refused would list them.
    const table = { moved: { '/2019/03/04/hello': '/articles/7', '/?p=12': '/articles/7', '/about': '/articles/8', '/dynamic': '/articles/9', '/auth': '/articles/10', '/subscribe': '/articles/11' }, gone: ['/removed-post'] };
    await writeFile(path.join(client, 'old-addresses.json'), JSON.stringify({ version: 'v3', ...table }));
    await publishBuild(buildsDir, 'b3');
    await expect.poll(async () => (await fetch(`${base}/`)).text(), { timeout: 30_000, interval: 200 }).toContain('<title>third</title>');
    const get = (p: string, init: RequestInit = {}) => fetch(`${base}${p}`, { redirect: 'manual', ...init });
    for (const p of ['/2019/03/04/hello/', '/2019/03/04/Hello.html', '/2019/03/04/hello/index.html?utm_source=feed', '/?p=12']) {
      const res = await get(p);
      expect([p, res.status, res.headers.get('location')]).toEqual([p, 301, '/articles/7']);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    // A deleted article's old address says the article was removed, not that the page never existed.
    const gone = await get('/removed-post/');
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('<title>Article Removed</title>');
    expect((await get('/removed-post', { method: 'HEAD' })).status).toBe(410);
    // A page of this site wins over an old address; other methods and other queries are not old addresses.
    expect(await (await get('/about')).text()).toContain('<title>About</title>');
    expect(await (await get('/dynamic')).text()).toBe('dynamic from third');
    // With a query too (issue 47 #5): the query lookup before the pages takes only its exact form.
    expect(await (await get('/about?ref=feed')).text()).toContain('<title>About</title>');
    expect(await (await get('/dynamic?x=1')).text()).toBe('dynamic from third');
    for (const own of ['/auth?redirect=%2Fprofile', '/subscribe?plan=pro', '/auth', '/subscribe/']) expect((await get(own)).status, own).toBe(404);
    expect((await get('/?p=13')).status).toBe(200);
    expect((await get('/2019/03/04/hello', { method: 'POST' })).status).toBe(404);
    expect((await get('/never-was')).status).toBe(404);
    // A build made before the removed-article page answers 410 with its 404 page.
    await fakeBuild('b4', 'fourth');
    const older = path.join(buildsDir, 'b4/client');
    await writeFile(path.join(older, '404.html'), '<!doctype html><title>Page not found</title>');
    await writeFile(path.join(older, 'old-addresses.json'), JSON.stringify({ version: 'v4', ...table }));
    await publishBuild(buildsDir, 'b4');
    await expect.poll(async () => (await fetch(`${base}/`)).text(), { timeout: 30_000, interval: 200 }).toContain('<title>fourth</title>');
    const goneBefore = await get('/removed-post/');
    expect([goneBefore.status, await goneBefore.text()]).toEqual([410, '<!doctype html><title>Page not found</title>']);
  });

  it('gives every status its reason phrase: a page that answers 404 says "404 Not Found", never "404 OK" (issue 47 #4)', async () => {
    for (const status of [200, 204, 301, 400, 403, 404, 410, 500, 503]) {
      const res = await fetch(`${base}/status/${status}`, { redirect: 'manual' });
      expect([res.status, res.statusText]).toEqual([status, STATUS_CODES[status]]);
    }
    const missing = await fetch(`${base}/nothing`);
    expect([missing.status, missing.statusText]).toEqual([404, 'Not Found']);
  });

  it('swaps to a newly published build without a restart, and retires the old one once its requests are answered', async () => {
    const slow = fetch(`${base}/slow`).then((res) => res.text());
    await fakeBuild('b2', 'second');
    await publishBuild(buildsDir, 'b2');
    await expect.poll(async () => (await fetch(`${base}/`)).text(), { timeout: 30_000, interval: 200 }).toContain('<title>second</title>');
    expect(await (await fetch(`${base}/dynamic`)).text()).toBe('dynamic from second');
    // A page the old build took before the swap is its own; then its thread (its modules) ends.
    expect(await slow).toBe('slow from first');
    await expect.poll(() => logs, { timeout: 30_000, interval: 100 }).toContain('site build b1 retired');
  });
});

describe('readiness of a site server run alone (the local pointer)', () => {
  it('answers GET /api/ready 503 "starting" until it holds a build, then 200 — the edge health-checks it', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'live-site-empty-'));
    const alone = await createLiveSite({ buildsDir: empty });
    const starting = createServer((req, res) => alone.handle(req, res));
    await new Promise<void>((r) => starting.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(starting.address() as AddressInfo).port}/api/ready`;
    try {
      const before = await fetch(url);
      expect(before.status).toBe(503);
      expect(await before.json()).toMatchObject({ ready: false, siteBuild: { state: 'starting' } });
      const now = await fetch(`${base}/api/ready`);
      expect(now.status).toBe(200);
      expect(await now.json()).toMatchObject({ ready: true, siteBuild: { state: 'ready', buildId: 'b1' } });
    } finally {
      alone.close();
      await new Promise<void>((r) => starting.close(() => r()));
      await rm(empty, { recursive: true, force: true });
    }
  });
});
