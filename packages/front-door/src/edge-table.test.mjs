import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sirv from 'sirv';
import { commonSecurityHeaders } from '@app/shared/security-headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS, jsonErrors, MINTED_REQUEST_HEADERS, ROUTES, STRIPPED_REQUEST_HEADERS } from './edge-table.mjs';
import { caddyRunner } from './test-caddy.mjs';
import { PUBLIC_HOST, testDoor } from './test-door.mjs';

/**
 * The edge's table, held by both edges: the same requests sent through the front door and through
 * Caddy running deploy/Caddyfile, in front of the same stand-in services, get the same treatment —
 * the route the table names, its body limits, its headers taken off and set. A Caddyfile that
 * drifts from the table fails here, and so does a front door that stops reading it.
 */

/** What deploy/Caddyfile's active health checks ask: the API, the CMS, the site server. */
const HEALTH_CHECKS = new Set(['/api/health', '/cms/api/categories?limit=1', '/api/ready']);

/** A stand-in service: reads the whole body, then answers with what it was given. */
function standIn(name) {
  const seen = [];
  const handle = (req, res) => {
    const entry = { url: req.url, headers: req.headers, bytes: 0 };
    // Caddy's own health checks (every second, of each upstream, with no request id: the edge mints
    // one for every request it passes on) are not a visitor's request: counting them made the tests
    // that expect no service to have been called fail whenever a check fell inside them.
    const healthCheck = HEALTH_CHECKS.has(req.url) && !req.headers['x-request-id'];
    if (!healthCheck) seen.push(entry);
    req.on('data', (chunk) => (entry.bytes += chunk.length));
    req.on('end', () => {
      // The site server's answers for an imported article's old addresses (site/server/live-site.ts).
      if (name === 'site' && req.url.startsWith('/2019/moved')) return void res.writeHead(301, { Location: '/articles/7', 'Cache-Control': 'public, max-age=3600', 'Content-Length': 0 }).end();
      if (name === 'site' && req.url.startsWith('/2019/gone')) return void res.writeHead(410, { 'Content-Type': 'text/html; charset=utf-8' }).end('<title>Article Removed</title>');
      // A preview page, which the CMS's live preview frames (site/server/live-site.ts).
      if (name === 'site' && req.url.startsWith('/preview/')) return void res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'X-Frame-Options': 'SAMEORIGIN' }).end('<title>Preview</title>');
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ upstream: name, url: req.url, bytes: entry.bytes }));
    });
  };
  return { name, seen, handle, server: createServer(handle) };
}
const services = { api: standIn('api'), cms: standIn('cms'), site: standIn('site') };
const seenCount = () => Object.values(services).reduce((n, s) => n + s.seen.length, 0);

const mediaDir = mkdtempSync(path.join(tmpdir(), 'edge-table-media-'));
const AVATAR = 'Avatar-1.png';
writeFileSync(path.join(mediaDir, AVATAR), 'picture bytes');

/** A path a Caddy-style matcher matches: `/a/*` → `/a/sample`. */
const sample = (pattern) => pattern.replace('*', 'sample');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const listen = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
const ports = {};
let caddy;

const edges = [
  {
    name: 'the front door',
    async start() {
      const door = testDoor({
        apiUrl: `http://127.0.0.1:${ports.api}`,
        cmsUrl: `http://127.0.0.1:${ports.cms}`,
        // The site as npm start serves it: in the front door's process.
        site: { handle: services.site.handle },
        media: sirv(mediaDir, { dev: true, etag: true }),
      });
      this.server = door;
      this.port = await listen(door);
      this.host = PUBLIC_HOST;
      this.https = false;
    },
    stop() {
      this.server?.closeAllConnections();
      this.server?.close();
    },
  },
  {
    name: 'Caddy (deploy/Caddyfile)',
    async start() {
      this.port = await caddy.start({ API_UPSTREAMS: `127.0.0.1:${ports.api}`, CMS_UPSTREAM: `127.0.0.1:${ports.cms}`, SITE_UPSTREAM: `127.0.0.1:${ports.site}`, MEDIA_ROOT: mediaDir });
      this.host = `127.0.0.1:${this.port}`;
      // The production edge serves the public site over HTTPS.
      this.https = true;
    },
    stop() {},
  },
];

beforeAll(async () => {
  for (const s of Object.values(services)) ports[s.name] = await listen(s.server);
  caddy = caddyRunner();
  for (const edge of edges) await edge.start();
}, 60_000);
afterAll(() => {
  for (const edge of edges) edge.stop();
  caddy?.stopAll();
  for (const s of Object.values(services)) {
    s.server.closeAllConnections();
    s.server.close();
  }
  rmSync(mediaDir, { recursive: true, force: true });
});

/**
 * One request through an edge. `declared` sets Content-Length without sending the body; `body`
 * sends that many bytes (chunked when `chunked`), stopping once an answer has come.
 */
function send(edge, { method = 'GET', path: urlPath, headers = {}, declared, body = 0, chunked = false }) {
  return new Promise((resolve, reject) => {
    const all = { host: edge.host, ...headers };
    if (declared !== undefined) all['content-length'] = String(declared);
    else if (body && !chunked) all['content-length'] = String(body);
    const req = request({ host: '127.0.0.1', port: edge.port, method, path: urlPath, headers: all }, (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text, json: () => JSON.parse(text) }));
    });
    let answered = false;
    req.on('error', (err) => (answered ? undefined : reject(err)));
    if (declared !== undefined) return req.flushHeaders();
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      while (!answered && sent < body) {
        const part = chunk.subarray(0, Math.min(chunk.length, body - sent));
        sent += part.length;
        if (!req.write(part)) return req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

describe.each(edges)('$name', (edge) => {
  const proxied = ROUTES.filter((r) => r.upstream && r.upstream !== 'media');

  it('passes the site’s old-address answers on as they are: 301 with its Location (relative, on this origin), 410 with its page', async () => {
    for (const urlPath of ['/2019/moved-post/', '/2019/moved-post.html?utm_source=feed', '/2019/moved/?p=12']) {
      const res = await send(edge, { path: urlPath });
      expect([urlPath, res.status, res.headers.location, res.headers['cache-control']]).toEqual([urlPath, 301, '/articles/7', 'public, max-age=3600']);
    }
    const gone = await send(edge, { path: '/2019/gone-post/', headers: { 'accept-encoding': 'identity' } });
    expect(gone.status).toBe(410);
    expect(gone.text).toContain('Article Removed');
  });

  it('refuses framing unless the service says otherwise for its own page (the site’s preview pages: this origin only)', async () => {
    expect((await send(edge, { path: '/preview/articles/1?token=x' })).headers['x-frame-options']).toBe('SAMEORIGIN');
    // A service that says nothing is not framed. (The site and the API always say so themselves; the
    // front door's fast path for their reads leaves it to them, so the CMS's answer shows the edge's default.)
    expect((await send(edge, { path: '/cms/sample' })).headers['x-frame-options']).toBe('DENY');
  });

  it('sends each path of the table to its route’s service, whatever its case, with the path unchanged', async () => {
    for (const route of proxied) {
      for (const urlPath of route.paths ? route.paths.map(sample) : ['/articles/sample']) {
        for (const spelled of [urlPath, urlPath.toUpperCase()]) {
          const res = await send(edge, { path: spelled });
          expect(res.status, spelled).toBe(200);
          expect(res.json(), spelled).toEqual({ upstream: route.upstream, url: spelled, bytes: 0 });
        }
      }
    }
  });

  it('refuses the service-only paths at the edge with 404, however they are spelled, and no service sees them', async () => {
    const refused = ROUTES.filter((r) => r.refuse);
    expect(refused.length).toBeGreaterThan(0);
    const before = seenCount();
    for (const route of refused) {
      for (const urlPath of route.paths.map(sample)) {
        for (const spelled of [urlPath, urlPath.toUpperCase(), urlPath.replace('i', '%69')]) {
          expect((await send(edge, { path: spelled })).status, spelled).toBe(route.refuse);
          expect((await send(edge, { method: 'POST', path: spelled, body: 10 })).status, spelled).toBe(route.refuse);
        }
      }
    }
    expect(seenCount()).toBe(before);
  });

  it('serves the uploaded files itself, under the name they were stored with, with the table’s headers', async () => {
    const route = ROUTES.find((r) => r.upstream === 'media');
    const before = seenCount();
    const res = await send(edge, { path: `${route.stripPrefix}/${AVATAR}` });
    expect(res.status).toBe(200);
    expect(res.text).toBe('picture bytes');
    for (const [name, value] of Object.entries(route.responseHeaders)) expect(res.headers[name.toLowerCase()], name).toBe(value);
    expect(seenCount()).toBe(before);
  });

  it('takes the stripped headers off and sets an id of its own, on the way to every service', async () => {
    for (const route of proxied) {
      const urlPath = route.paths ? sample(route.paths[0]) : '/articles/sample';
      const given = [];
      for (let i = 0; i < 2; i++) {
        const visitorHeaders = Object.fromEntries([...STRIPPED_REQUEST_HEADERS, ...MINTED_REQUEST_HEADERS].map((h) => [h, 'chosen-by-visitor']));
        expect((await send(edge, { path: urlPath, headers: visitorHeaders })).status).toBe(200);
        given.push(services[route.upstream].seen.at(-1).headers);
      }
      for (const h of STRIPPED_REQUEST_HEADERS) expect(given[0][h.toLowerCase()], `${route.name} ${h}`).toBeUndefined();
      for (const h of MINTED_REQUEST_HEADERS) {
        expect(given[0][h.toLowerCase()], `${route.name} ${h}`).toMatch(UUID);
        expect(given[1][h.toLowerCase()], `${route.name} ${h}`).not.toBe(given[0][h.toLowerCase()]);
      }
    }
  });

  describe('request bodies', () => {
    // A bound, not a timing: the import's class sends 201 MB through the edge, which beside CI's type
    // check, lint and CMS build took past Vitest's default 5 s.
    const BODY_BOUND = 60_000;
    /** A request in each class: its first path and method (the catch-all: an API write). */
    const requests = BODY_LIMITS.map((c) => ({ c, method: c.methods?.[0] ?? 'POST', path: c.paths ? sample(c.paths[0]) : '/api/comments' }));

    it.each(requests.map((r) => [`${r.c.name}: ${r.method} ${r.path}`, r]))('%s: passes a body of the class’s size whole', async (_name, { c, method, path: urlPath }) => {
      const res = await send(edge, { method, path: urlPath, body: c.bytes });
      expect(res.status).toBe(200);
      expect(res.json().bytes).toBe(c.bytes);
    }, BODY_BOUND);

    it.each(requests.map((r) => [`${r.c.name}: ${r.method} ${r.path}`, r]))('%s: refuses one byte more with 413 before reading it, and cuts a longer chunked body off without taking the service out of rotation', async (_name, { c, method, path: urlPath }) => {
      const before = seenCount();
      const declared = await send(edge, { method, path: urlPath, declared: c.bytes + 1 });
      expect(declared.status).toBe(413);
      expect(seenCount()).toBe(before);
      // The refusal names the class's limit, in the same words on both edges.
      expect(c.tooLarge).toMatch(/at most [\d.]+ MB\.$/);
      if (jsonErrors(urlPath)) expect(declared.json()).toEqual({ message: c.tooLarge, code: 'payload_too_large' });
      else expect(declared.text).toBe(c.tooLarge);
      const chunked = await send(edge, { method, path: urlPath, body: c.bytes + 256 * 1024, chunked: true });
      expect(chunked.status).toBe(413);
      // The visitor's body failed, not the service: the next request still reaches it.
      expect((await send(edge, { method, path: urlPath, body: 10 })).status).toBe(200);
    }, BODY_BOUND);

    it('refuses a page’s body over the catch-all limit in plain text', async () => {
      // (The site, served in the front door's own process, never reads a body: only the declared length is checked.)
      const res = await send(edge, { method: 'POST', path: '/articles/sample', declared: BODY_LIMITS.at(-1).bytes + 1 });
      expect(res.status).toBe(413);
      expect(res.text).toBe('The request body is too large: at most 0.5 MB.');
    });

    it('keeps a class to its methods: another method on its paths has the next class’s limit', async () => {
      const upload = BODY_LIMITS.find((c) => c.methods);
      const other = BODY_LIMITS.at(-1);
      const res = await send(edge, { method: 'PUT', path: sample(upload.paths[0]), declared: other.bytes + 1 });
      expect(res.status).toBe(413);
    });
  });

  it('gives its own answers the common security headers', async () => {
    const refusal = await send(edge, { path: '/api/internal' });
    const tooLarge = await send(edge, { method: 'POST', path: '/articles/sample', declared: BODY_LIMITS.at(-1).bytes + 1 });
    for (const res of [refusal, tooLarge]) {
      for (const [name, value] of Object.entries(commonSecurityHeaders({ https: edge.https }))) expect(res.headers[name.toLowerCase()], name).toBe(value);
    }
  });
});
