import { createServer, request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GENERATION_FEED_PATH } from './shared-answers.mjs';
import { listen, PUBLIC_HOST, testDoor } from './test-door.mjs';

const SECRET = 'the-services-secret';

/**
 * A stand-in API: its content generation (`api.generation`, told to the open feeds by `api.publish`)
 * and its lists, marked with the generation they were made from as the real API marks them
 * (routes/send-validated.ts); every request it answers is counted by path.
 */
const api = {
  generation: 'p1.1',
  feeds: new Set(),
  hits: new Map(),
  /** What /api/list is marked with (null: not marked); the real API marks it with its generation. */
  mark: undefined,
  publish(next) {
    api.generation = next;
    for (const feed of api.feeds) feed.write(`${next}\n`);
  },
  endFeeds() {
    for (const feed of api.feeds) feed.end();
  },
};
const apiServer = createServer((req, res) => {
  const path = req.url.split('?')[0];
  api.hits.set(path, (api.hits.get(path) ?? 0) + 1);
  if (path === GENERATION_FEED_PATH) {
    if (req.url !== `${GENERATION_FEED_PATH}?follow=1` || req.headers['x-internal-secret'] !== SECRET || req.headers['x-forwarded-for'] !== undefined) return res.writeHead(403).end();
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.write(`${api.generation}\n`);
    api.feeds.add(res);
    return res.once('close', () => api.feeds.delete(res));
  }
  const coding = req.headers['accept-encoding']?.includes('gzip') ? 'gzip' : null;
  const etag = `"list-${api.generation}${coding ? `-${coding}` : ''}"`;
  const headers = ['X-Content-Type-Options', 'nosniff', 'X-Request-Id', req.headers['x-request-id'], 'Cache-Control', 'public, no-cache', 'Vary', path === '/api/by-origin' ? 'Origin' : 'Accept-Encoding', 'ETag', etag];
  const mark = api.mark === undefined ? api.generation : api.mark;
  if (mark !== null) headers.push('X-Content-Generation', mark);
  if (path === '/api/with-cookie') headers.push('Set-Cookie', 'sid=abc; HttpOnly');
  if (req.headers['if-none-match'] === etag) return res.writeHead(304, headers).end();
  const body = JSON.stringify({ list: api.generation, coding, cookie: req.headers.cookie ?? null });
  headers.push('Content-Type', 'application/json; charset=utf-8', 'Content-Length', Buffer.byteLength(body));
  if (coding) headers.push('Content-Encoding', coding);
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
});

let door;
let port;
beforeAll(async () => {
  const apiPort = await listen(apiServer);
  door = testDoor({ apiUrl: `http://127.0.0.1:${apiPort}`, internalSecret: SECRET });
  port = await listen(door);
  await until(() => door.sharedAnswers.generation() !== null);
});
afterAll(() => {
  for (const s of [door, apiServer]) s.closeAllConnections();
  for (const s of [door, apiServer]) s.close();
});
beforeEach(() => {
  api.hits.clear();
  api.mark = undefined;
});

async function until(check, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

function get(path, headers = {}, method = 'GET') {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, method, path, headers: { host: PUBLIC_HOST, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, raw: res.rawHeaders, body }));
    })
      .on('error', reject)
      .end();
  });
}

const hits = (path) => api.hits.get(path) ?? 0;

describe('the public lists the API shares, answered by the front door', () => {
  it('keeps a visitor’s list of the current generation and answers the next visitors with it: same status, headers and body, a fresh request id, no mark', async () => {
    const first = await get('/api/list');
    const second = await get('/api/list');
    const third = await get('/api/list');
    expect(hits('/api/list')).toBe(1);
    expect(second.status).toBe(200);
    expect(second.body).toBe(first.body);
    const withoutPerRequest = (r) => Object.fromEntries(Object.entries(r.headers).filter(([name]) => !['x-request-id', 'date'].includes(name)));
    expect(withoutPerRequest(second)).toEqual(withoutPerRequest(first));
    expect(first.headers['x-content-generation']).toBeUndefined();
    expect(second.headers['x-content-generation']).toBeUndefined();
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set([first.headers['x-request-id'], second.headers['x-request-id'], third.headers['x-request-id']]).size).toBe(3);
  });

  it('answers 304 to a visitor who holds the kept answer, HEAD without a body, and keeps each Accept-Encoding apart', async () => {
    const plain = await get('/api/list');
    const again = await get('/api/list', { 'if-none-match': plain.headers.etag });
    expect(again.status).toBe(304);
    expect(again.headers['content-length']).toBeUndefined();
    expect(again.headers.etag).toBe(plain.headers.etag);
    const head = await get('/api/list', {}, 'HEAD');
    expect([head.status, head.body, head.headers['content-length']]).toEqual([200, '', plain.headers['content-length']]);
    const gzip = await get('/api/list', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gzip.body).coding).toBe('gzip');
    expect((await get('/api/list', { 'accept-encoding': 'gzip' })).headers.etag).toBe(gzip.headers.etag);
    expect(JSON.parse((await get('/api/list')).body).coding).toBe(null);
    expect(hits('/api/list')).toBeLessThanOrEqual(2);
  });

  it('never answers with a kept list once the API says a new generation is in use (a publish): the next visitor gets the new one', async () => {
    const before = await get('/api/list');
    expect(JSON.parse((await get('/api/list')).body).list).toBe(api.generation);
    api.publish('p1.2');
    await until(() => door.sharedAnswers.generation() === 'p1.2');
    const after = await get('/api/list');
    expect(JSON.parse(after.body).list).toBe('p1.2');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await get('/api/list', { 'if-none-match': before.headers.etag })).status).toBe(200);
  });

  it('never answers a request with a cookie or Authorization from what it keeps, nor keeps what such a request got', async () => {
    api.publish('p1.3');
    await until(() => door.sharedAnswers.generation() === 'p1.3');
    await get('/api/list');
    await get('/api/list');
    expect(hits('/api/list')).toBe(1);
    const member = await get('/api/list', { cookie: 'sid=member' });
    expect(JSON.parse(member.body).cookie).toBe('sid=member');
    await get('/api/list', { authorization: 'Bearer x' });
    expect(hits('/api/list')).toBe(3);
    // What a member got is not what visitors get next.
    api.publish('p1.4');
    await until(() => door.sharedAnswers.generation() === 'p1.4');
    await get('/api/list', { cookie: 'sid=member' });
    await get('/api/list', { cookie: 'sid=member' });
    expect(hits('/api/list')).toBe(5);
    expect(JSON.parse((await get('/api/list')).body).cookie).toBe(null);
    expect(hits('/api/list')).toBe(6);
  });

  it('keeps nothing the API did not mark with the generation in use, that sets a cookie, or that varies by more than the coding', async () => {
    api.mark = null;
    await get('/api/unmarked');
    await get('/api/unmarked');
    expect(hits('/api/unmarked')).toBe(2);
    api.mark = 'p0.9';
    await get('/api/stale');
    await get('/api/stale');
    expect(hits('/api/stale')).toBe(2);
    api.mark = undefined;
    await get('/api/with-cookie');
    await get('/api/with-cookie');
    expect(hits('/api/with-cookie')).toBe(2);
    await get('/api/by-origin');
    await get('/api/by-origin');
    expect(hits('/api/by-origin')).toBe(2);
  });

  it('answers from the API while the feed is closed (an API restarting), and keeps again once it is open', async () => {
    await get('/api/list');
    expect(hits('/api/list')).toBe(0);
    api.endFeeds();
    await until(() => door.sharedAnswers.generation() === null);
    await get('/api/list');
    await get('/api/list');
    expect(hits('/api/list')).toBe(2);
    await until(() => door.sharedAnswers.generation() !== null);
    await get('/api/list');
    await get('/api/list');
    expect(hits('/api/list')).toBe(3);
  });
});
