import { createServer, request } from 'node:http';
import { apiSecurityHeaders } from '@app/shared/security-headers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BEACON_BATCH_PATH } from './beacon-batches.mjs';
import { listen, PUBLIC_HOST, testDoor } from './test-door.mjs';

// The view beacon answered at the front door and sent on in batches (beacon-batches.mjs, issue 53 #3).
const ORIGIN = `http://${PUBLIC_HOST}`;
const SECRET = 'door-test-secret';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

/** A stand-in for the API: answers a beacon 204 itself (as the route would), takes batches with the secret, `failing` of them 503 first. */
function stubApi() {
  const stub = { beacons: [], batches: [], failing: 0, refusing: false, server: null };
  stub.server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.url === BEACON_BATCH_PATH) {
        if (req.headers['x-internal-secret'] !== SECRET || stub.refusing) return res.writeHead(403).end();
        if (stub.failing > 0) {
          stub.failing--;
          return res.writeHead(503).end();
        }
        stub.batches.push(JSON.parse(body).views);
        return res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      }
      // The door's other calls (the content generation's feed) are not for this stand-in.
      if (!req.url.startsWith('/api/views')) return res.writeHead(404).end();
      stub.beacons.push({ url: req.url, body, forwardedFor: req.headers['x-forwarded-for'] });
      res.writeHead(204, { 'X-Answered-By': 'api' }).end();
    });
  });
  return stub;
}

let api;
let door;
let port;
async function start({ internalSecret = SECRET } = {}) {
  api = stubApi();
  const apiPort = await listen(api.server);
  // The live build has the pages of articles 1 and 2.
  const site = { handle: (_req, res) => res.end('site'), hasPage: (path) => path === '/articles/1' || path === '/articles/2' };
  door = testDoor({ apiUrl: `http://127.0.0.1:${apiPort}`, site, internalSecret });
  port = await listen(door);
}
beforeEach(() => start());
afterEach(() => {
  for (const s of [door, api.server]) s.closeAllConnections();
  for (const s of [door, api.server]) s.close();
});

/** A beacon to the door as a reader's browser sends it; `headers` adds to or replaces its headers. */
function beacon(body, headers = {}, path = '/api/views') {
  return new Promise((resolve, reject) => {
    const all = { host: PUBLIC_HOST, 'content-type': 'application/json', origin: ORIGIN, 'user-agent': CHROME, 'content-length': Buffer.byteLength(body), ...headers };
    const req = request({ host: '127.0.0.1', port, method: 'POST', path, headers: all }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, rawHeaders: res.rawHeaders }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('view beacons at the front door', () => {
  it('answers a beacon for a page of the live build with the API’s own lines, and sends it on in a batch with the reader’s signals', async () => {
    const answer = await beacon('{"articleId":1}', { dnt: '1', 'sec-gpc': '1' });
    expect(answer.status).toBe(204);
    const names = answer.rawHeaders.filter((_, i) => i % 2 === 0);
    for (const [name, value] of Object.entries(apiSecurityHeaders())) expect(answer.headers[name.toLowerCase()]).toBe(value);
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(names.filter((n) => /^(content-length|content-type|set-cookie|x-answered-by)$/i.test(n))).toEqual([]);
    await beacon('{"articleId":2}', { 'x-forwarded-for': '198.51.100.7' });
    await door.beacons.flush();
    expect(api.beacons).toEqual([]);
    expect(api.batches.flat()).toEqual([
      { articleId: 1, forwardedFor: '127.0.0.1', userAgent: CHROME, doNotTrack: '1', globalPrivacyControl: '1' },
      // The chain as the door's relay would have sent it.
      { articleId: 2, forwardedFor: '198.51.100.7,127.0.0.1', userAgent: CHROME },
    ]);
  });

  it('leaves every other request to the API, untouched: a bad body, another origin or type, an article without a page, a query', async () => {
    const relayed = [
      ['{"articleId":', {}],
      ['{"articleId":"1"}', {}],
      ['{"articleId":1,"note":"x"}', {}],
      ['[1]', {}],
      ['{"articleId":3}', {}],
      ['{"articleId":1}', { origin: 'https://elsewhere.example' }],
      ['{"articleId":1}', { origin: '' }],
      ['{"articleId":1}', { 'content-type': 'text/plain' }],
      // Longer than a batch's beacon may be (900 bytes as JSON, escapes counted).
      ['{"articleId":1}', { 'user-agent': `${CHROME} ${'x'.repeat(900)}` }],
      ['{"articleId":1}', { 'user-agent': '"'.repeat(500) }],
    ];
    for (const [body, headers] of relayed) {
      const answer = await beacon(body, headers);
      expect(answer.headers['x-answered-by'], body).toBe('api');
    }
    expect((await beacon('{"articleId":1}', {}, '/api/views?via=query')).headers['x-answered-by']).toBe('api');
    await door.beacons.flush();
    expect(api.beacons.map((b) => b.body)).toEqual([...relayed.map(([body]) => body), '{"articleId":1}']);
    expect(api.batches).toEqual([]);
  });

  it('sends the reader’s address chain exactly as its relay sends it', async () => {
    await beacon('{"articleId":1}', { 'x-forwarded-for': '198.51.100.8, 203.0.113.9' }, '/api/views?relayed=1');
    await beacon('{"articleId":1}', { 'x-forwarded-for': '198.51.100.8, 203.0.113.9' });
    await door.beacons.flush();
    expect(api.batches.flat()[0].forwardedFor).toBe(api.beacons[0].forwardedFor);
  });

  it('relays beacons for a while once the API refuses the door’s batches as not ours (a wrong secret), so they are still counted', async () => {
    api.refusing = true;
    expect((await beacon('{"articleId":1}')).headers['x-answered-by']).toBeUndefined();
    await door.beacons.flush();
    expect((await beacon('{"articleId":1}')).headers['x-answered-by']).toBe('api');
    expect(api.batches).toEqual([]);
  });

  it('relays beacons once it is closing', async () => {
    await door.beacons.close();
    expect((await beacon('{"articleId":1}')).headers['x-answered-by']).toBe('api');
  });

  it('keeps the beacons while the API cannot take them, and sends them once it can', async () => {
    api.failing = 2;
    for (let i = 0; i < 3; i++) expect((await beacon('{"articleId":1}', { 'x-forwarded-for': `192.0.2.${i}` })).status).toBe(204);
    await expect.poll(() => api.batches.flat().length, { timeout: 10_000 }).toBe(3);
    await expect.poll(() => door.beacons.pending()).toBe(0);
  });

  it('sends at most 100 beacons a batch, and what is left when the door closes', async () => {
    await Promise.all(Array.from({ length: 250 }, (_, i) => beacon('{"articleId":2}', { 'x-forwarded-for': `192.0.2.${i}` })));
    await door.beacons.close();
    expect(api.batches.flat()).toHaveLength(250);
    expect(Math.max(...api.batches.map((b) => b.length))).toBeLessThanOrEqual(100);
  });
});

describe('view beacons without the services’ secret', () => {
  it('relays them to the API as any small body', async () => {
    door.closeAllConnections();
    door.close();
    api.server.close();
    await start({ internalSecret: null });
    expect(door.beacons).toBe(null);
    expect((await beacon('{"articleId":1}')).headers['x-answered-by']).toBe('api');
  });
});
