import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_IMPORT_BODY_LIMIT, JSON_BODY_LIMIT, UPLOAD_BODY_LIMIT } from './body-limits.mjs';
import { listen, PUBLIC_HOST, testDoor } from './test-door.mjs';

/** A stand-in for the API or the CMS: reads every body and remembers how much of each arrived. */
function stubUpstream() {
  const seen = [];
  const server = createServer((req, res) => {
    const entry = { url: req.url, bytes: 0, complete: false, requestId: req.headers['x-request-id'] };
    seen.push(entry);
    req.on('data', (chunk) => (entry.bytes += chunk.length));
    req.on('end', () => {
      entry.complete = true;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ received: entry.bytes }));
    });
  });
  return { server, seen };
}

const api = stubUpstream();
const cms = stubUpstream();
let door;
let port;

beforeAll(async () => {
  const [apiPort, cmsPort] = [await listen(api.server), await listen(cms.server)];
  door = testDoor({ apiUrl: `http://127.0.0.1:${apiPort}`, cmsUrl: `http://127.0.0.1:${cmsPort}` });
  port = await listen(door);
});
afterAll(() => {
  for (const s of [door, api.server, cms.server]) s?.closeAllConnections?.();
  for (const s of [door, api.server, cms.server]) s?.close();
});

/**
 * One request to the front door. `declared` sets Content-Length without sending that many bytes;
 * `chunks` streams a body (chunked unless declared) and stops once the answer has come.
 */
function send({ method = 'POST', path, host = PUBLIC_HOST, declared, chunks = 0, chunkSize = 64 * 1024, extraHeaders = {} }) {
  return new Promise((resolve, reject) => {
    const headers = { host, 'content-type': 'application/json', ...extraHeaders };
    if (declared !== undefined) headers['content-length'] = String(declared);
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    let answered = false;
    req.on('error', (err) => (answered ? undefined : reject(err)));
    const chunk = Buffer.alloc(chunkSize, 'a');
    let sent = 0;
    const pump = () => {
      while (!answered && sent < chunks) {
        sent++;
        if (!req.write(chunk)) return req.once('drain', pump);
      }
      if (declared === undefined || sent * chunkSize >= declared) req.end();
    };
    if (chunks) pump();
    else if (declared === undefined) req.end();
    else req.flushHeaders();
  });
}

describe('request bodies at the front door', () => {
  it('refuses an anonymous 150 MB CMS login body with 413 before reading it', async () => {
    const before = cms.seen.length;
    const res = await send({ path: '/cms/api/users/login', declared: 150 * 1024 * 1024 });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ message: 'The request body is too large: at most 0.5 MB.' });
    expect(cms.seen.length).toBe(before);
  });

  it('answers an oversized API body in the API’s JSON error shape', async () => {
    const res = await send({ path: '/api/login', declared: JSON_BODY_LIMIT + 1 });
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toBe('application/json');
    expect(JSON.parse(res.body)).toEqual({ message: 'The request body is too large: at most 0.5 MB.', code: 'payload_too_large' });
  });

  it('cuts off a chunked body once it passes the limit, and the CMS never gets the rest', async () => {
    const res = await send({ path: '/cms/api/users/login', chunks: 64 });
    expect(res.status).toBe(413);
    const upstream = cms.seen.at(-1);
    expect(upstream.url).toBe('/cms/api/users/login');
    expect(upstream.complete).toBe(false);
    expect(upstream.bytes).toBeLessThanOrEqual(JSON_BODY_LIMIT);
  });

  it('lets a client that sends its whole oversized body before reading see the 413, and keeps the connection', async () => {
    // Two megabytes written at once, read only afterwards: a door that closed the connection after
    // its answer, with the body still arriving, would reset it, and the reset loses the answer.
    const socket = connect(port, '127.0.0.1');
    const body = Buffer.alloc(2 * 1024 * 1024, 'a');
    socket.write(`POST /api/login HTTP/1.1\r\nHost: ${PUBLIC_HOST}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    socket.write(body);
    socket.pause();
    await new Promise((resolve) => setTimeout(resolve, 300));
    let received = '';
    const answers = new Promise((resolve, reject) => {
      socket.on('data', (d) => {
        received += d.toString('latin1');
        if ((received.match(/^HTTP\/1\.1 /gm) ?? []).length === 2) resolve(received);
      });
      socket.on('error', reject);
    });
    socket.resume();
    // The body was read to its end, so the same connection answers the next request.
    socket.write(`GET /api/health HTTP/1.1\r\nHost: ${PUBLIC_HOST}\r\n\r\n`);
    const both = await answers;
    socket.destroy();
    expect(both.startsWith('HTTP/1.1 413')).toBe(true);
    expect(both).toContain('{"message":"The request body is too large: at most 0.5 MB.","code":"payload_too_large"}');
    expect(both).toMatch(/\r\n\r\n[^]*^HTTP\/1\.1 200/m);
  });

  it('passes JSON bodies under the limit through whole', async () => {
    const res = await send({ path: '/api/login', chunks: 4 });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ received: 4 * 64 * 1024 });
  });

  it('lets an admin’s site archive and CMS media through up to their limits, and no further', async () => {
    const zip = await send({ path: '/api/admin/articles/upload', chunks: 80 });
    expect(JSON.parse(zip.body)).toEqual({ received: 80 * 64 * 1024 });
    expect((await send({ path: '/cms/api/media', chunks: 80 })).status).toBe(200);
    const tooLargeZip = await send({ path: '/api/admin/articles/upload', declared: ARTICLE_IMPORT_BODY_LIMIT + 1 });
    expect(tooLargeZip.status).toBe(413);
    // The limit an admin can act on: what the import takes (the API's), not the edge's margin above it.
    expect(JSON.parse(tooLargeZip.body)).toEqual({ message: 'The file is too large: an import takes at most 200 MB.', code: 'payload_too_large' });
    expect((await send({ path: '/cms/api/media', declared: UPLOAD_BODY_LIMIT + 1 })).status).toBe(413);
    // The upload limit belongs to the upload routes alone.
    expect((await send({ path: '/api/admin/articles', declared: JSON_BODY_LIMIT + 1 })).status).toBe(413);
  });

  it('answers 413 to a site page’s oversized body in plain text', async () => {
    const res = await send({ path: '/articles', declared: JSON_BODY_LIMIT + 1 });
    expect(res.status).toBe(413);
    expect(res.body).toBe('The request body is too large: at most 0.5 MB.');
  });
});

describe('readiness with published site builds', () => {
  it('answers /api/ready from a site that does not hold the live build yet (503 "starting"), then from the API', async () => {
    let ready = false;
    const site = {
      readiness: () => ({ ready }),
      handle: (_req, res) => res.writeHead(503, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ready: false, message: 'Not ready: starting (fetching the live site build).' })),
    };
    const siteDoor = testDoor({ apiUrl: `http://127.0.0.1:${api.server.address().port}`, site });
    const doorPort = await listen(siteDoor);
    const ask = () => new Promise((resolve, reject) => {
      request({ host: '127.0.0.1', port: doorPort, path: '/api/ready', headers: { host: PUBLIC_HOST } }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(body) }));
      }).on('error', reject).end();
    });
    try {
      expect(await ask()).toEqual({ status: 503, body: { ready: false, message: 'Not ready: starting (fetching the live site build).' } });
      ready = true;
      expect(await ask()).toEqual({ status: 200, body: { received: 0 } });
      expect(api.seen.at(-1).url).toBe('/api/ready');
    } finally {
      siteDoor.closeAllConnections();
      siteDoor.close();
    }
  });
});

describe('the canonical-host redirect', () => {
  it.each([
    ['//evil.example', `http://${PUBLIC_HOST}/evil.example`],
    ['/\\evil.example/x?y=1', `http://${PUBLIC_HOST}/evil.example/x?y=1`],
    ['/articles/4?page=2', `http://${PUBLIC_HOST}/articles/4?page=2`],
  ])('sends %s on another host name to %s, never to another site', async (path, location) => {
    const res = await send({ method: 'GET', path, host: `127.0.0.1:${port}` });
    expect(res.status).toBe(308);
    expect(res.headers.location).toBe(location);
  });
});

describe('request ids', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it.each([
    ['an API read', { method: 'GET', path: '/api/articles' }, api],
    ['a request with a body', { path: '/api/login', chunks: 1 }, api],
    ['a CMS request', { method: 'GET', path: '/cms/api/users/me' }, cms],
  ])('gives %s an id of its own, never the visitor’s X-Request-Id', async (_name, request, upstream) => {
    const ids = [];
    for (let i = 0; i < 2; i++) {
      expect((await send({ ...request, extraHeaders: { 'x-request-id': 'chosen-by-visitor-1' } })).status).toBe(200);
      ids.push(upstream.seen.at(-1).requestId);
    }
    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toMatch(UUID);
    expect(ids[1]).not.toBe(ids[0]);
  });
});

describe('connections to the upstreams', () => {
  it('drops an idle kept-alive connection before the upstream closes it, so no request is sent on a closing one', async () => {
    // The CMS's Next server keeps an idle connection 5 s and says so (`Keep-Alive: timeout=5`);
    // here 2 s. A request sent as the upstream closes the connection failed with 502; the door
    // now lets it go a second before the upstream's time.
    const upstream = createServer((_req, res) => res.end('{}'));
    upstream.keepAliveTimeout = 2000;
    const upstreamPort = await listen(upstream);
    const door2 = testDoor({ apiUrl: 'http://127.0.0.1:9', cmsUrl: `http://127.0.0.1:${upstreamPort}` });
    const door2Port = await listen(door2);
    const openConnections = () => new Promise((resolve) => upstream.getConnections((_e, n) => resolve(n)));
    try {
      const status = await new Promise((resolve, reject) => {
        // A request with a body: the general proxy's (reads go through undici's pool, which already honours the hint).
        request({ method: 'POST', port: door2Port, host: '127.0.0.1', path: '/cms/api/users/login', headers: { host: PUBLIC_HOST, 'content-type': 'application/json', 'content-length': 2 } }, (res) => res.resume().on('end', () => resolve(res.statusCode)))
          .on('error', reject)
          .end('{}');
      });
      expect(status).toBe(200);
      expect(await openConnections()).toBe(1);
      await new Promise((r) => setTimeout(r, 1500));
      expect(await openConnections()).toBe(0);
    } finally {
      for (const s of [door2, upstream]) s.closeAllConnections();
      for (const s of [door2, upstream]) s.close();
    }
  });
});
