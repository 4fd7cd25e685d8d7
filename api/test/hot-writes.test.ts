import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { articleViews } from '../src/db/schema/index.ts';
import { createViewCounter, type ViewCounter } from '../src/domain/reading/view-counter.ts';
import { NUL_MESSAGE } from '../src/lib/nul.ts';
import { appForThisFile } from './file-app.ts';
import { countRouted, rawAnswer } from './raw-answer.ts';
import { silentLogger, TEST_ORIGIN, TEST_SECRET } from './test-app.ts';

// POST /api/views is answered before Express (lib/hot-writes.ts, issue 53 #3): the answer must be
// the route's own, line for line, the reading counted as the route counts it, and everything the
// route answers otherwise (bad bodies, other origins, unknown articles) stays Express's.
// sampleRecords: articles 1–3 are on the site.
let counter: ViewCounter;
let routed: { count: number };
const t = appForThisFile({
  app: () => {
    counter = createViewCounter({ db: t.testDb.db, logger: silentLogger, flushEveryMs: null });
    return { overrides: { content: { views: counter } } };
  },
});

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** A reader's beacon as the static page sends it, through the trusted proxy (loopback) with the edge's request id. */
const beaconHeaders = (address: string, extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  origin: TEST_ORIGIN,
  'user-agent': CHROME,
  'x-forwarded-for': address,
  'x-request-id': 'edge-request-0002',
  ...extra,
});
const beacon = (path: string, address: string, body: string, extra: Record<string, string> = {}) => rawAnswer(t.app.base, 'POST', path, beaconHeaders(address, extra), body);
const stored = async () => {
  await counter.flush();
  const rows = await t.testDb.db.select().from(articleViews).orderBy(articleViews.articleId);
  return Object.fromEntries(rows.map((r) => [r.articleId, r.views]));
};
const routedDuring = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  routed ??= countRouted(t.app.app);
  routed.count = 0;
  const result = await work();
  return [result, routed.count];
};

describe('POST /api/views before Express', () => {
  it('answers a beacon without Express, with the very lines Express answers, and counts it as the route does', async () => {
    const [hot, hotRouted] = await routedDuring(() => beacon('/api/views', '198.51.100.1', '{"articleId":1}'));
    expect(hotRouted).toBe(0);
    // A query string is Express's; its route answers alike and counts the same way.
    const [routedAnswer, expressRouted] = await routedDuring(() => beacon('/api/views?via=express', '198.51.100.2', '{"articleId":1}'));
    expect(expressRouted).toBe(1);
    expect(hot.status).toBe(204);
    expect(hot).toEqual(routedAnswer);
    expect(hot.body).toBe('');
    expect(hot.lines).toContainEqual(['X-Request-Id', 'edge-request-0002']);
    expect(hot.lines.some(([name]) => /^(Set-Cookie|Content-Length|Content-Type)$/i.test(name ?? ''))).toBe(false);
    // The same reader again is not a second reading, by either path; a body after a BOM and a charset are read alike.
    await beacon('/api/views', '198.51.100.1', '\uFEFF{"articleId":1}', { 'content-type': 'application/json; charset=UTF-8' });
    await beacon('/api/views?via=express', '198.51.100.1', '{"articleId":1}');
    expect(await stored()).toEqual({ 1: 2 });
  });

  it('reads the address as Express does: the proxy’s one address, the peer when there is none, the first untrusted one of a chain', async () => {
    const [chained, hotRouted] = await routedDuring(async () => {
      await beacon('/api/views', '203.0.113.5', '{"articleId":2}');
      await rawAnswer(t.app.base, 'POST', '/api/views', { 'content-type': 'application/json', origin: TEST_ORIGIN, 'user-agent': CHROME }, '{"articleId":2}');
      // Through two proxies of ours (Caddy, then the front door): a reader already counted, then a new one.
      const answer = await beacon('/api/views', '203.0.113.5, 127.0.0.1', '{"articleId":2}');
      await beacon('/api/views', '198.51.100.77,127.0.0.1', '{"articleId":2}');
      // A chain whose nearest hop is not ours: that hop is the client, as Express reads it (the first is anyone's claim).
      await beacon('/api/views', '198.51.100.77, 192.0.2.200', '{"articleId":2}');
      return answer;
    });
    expect(hotRouted).toBe(0);
    expect(chained.status).toBe(204);
    expect(await stored()).toMatchObject({ 2: 4 });
  });

  it('leaves every refusal to the route, with its own answer: bad JSON, a NUL, a bad or unknown article, another site, a large body', async () => {
    const cases: [string, Record<string, string>, number, unknown][] = [
      ['{"articleId":', {}, 400, { message: 'The request body is not valid JSON.', code: 'bad_request' }],
      ['"articleId"', {}, 400, { message: 'The request body is not valid JSON.', code: 'bad_request' }],
      [JSON.stringify({ articleId: 1, note: 'a\u0000b' }), {}, 400, { message: NUL_MESSAGE, code: 'bad_request' }],
      ['{"articleId":"one"}', {}, 400, { code: 'bad_request' }],
      ['{"articleId":999}', {}, 404, { message: 'Article not found', code: 'not_found' }],
      ['{"articleId":1}', { origin: 'https://elsewhere.example' }, 403, { message: 'Cross-origin request refused.', code: 'forbidden' }],
      [JSON.stringify({ articleId: 1, padding: 'x'.repeat(2000) }), {}, 204, undefined],
      ['{"articleId":1}', { 'content-type': 'text/plain' }, 400, { code: 'bad_request' }],
    ];
    for (const [body, extra, status, answer] of cases) {
      const [hot, hotRouted] = await routedDuring(() => beacon('/api/views', '192.0.2.9', body, extra));
      expect(hotRouted, body).toBe(1);
      expect(hot.status, body).toBe(status);
      if (answer) expect(JSON.parse(hot.body), body).toMatchObject(answer as object);
      // The same request straight to Express answers the same.
      const viaExpress = await beacon('/api/views?via=express', '192.0.2.9', body, extra);
      expect(hot, body).toEqual(viaExpress);
    }
    // Only the large body (another reading of article 1 from a new address) was counted.
    expect((await stored())[1]).toBe(3);
  });

  it('reads a body that comes after its head, and survives a client that leaves mid-body', async () => {
    const send = (chunks: string[], thenClose = false) =>
      new Promise<string>((resolve) => {
        const socket = connect(Number(new URL(t.app.base).port), '127.0.0.1');
        let got = '';
        socket.on('data', (d) => {
          got += d.toString('latin1');
          if (got.includes('\r\n\r\n')) socket.end();
        });
        socket.on('close', () => resolve(got));
        socket.on('error', () => resolve(got));
        void (async () => {
          for (const chunk of chunks) {
            socket.write(chunk);
            await new Promise((r) => setTimeout(r, 50));
          }
          if (thenClose) socket.destroy();
        })();
      });
    const head = (length: number, address: string) =>
      `POST /api/views HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nOrigin: ${TEST_ORIGIN}\r\nUser-Agent: ${CHROME}\r\nX-Forwarded-For: ${address}\r\n\r\n`;
    const [answers, hotRouted] = await routedDuring(async () => [
      await send([head(15, '192.0.2.30'), '{"articleId"', ':3}']),
      await send([head(15, '192.0.2.31'), '{"artic'], true),
      await send([head(15, '192.0.2.32') + '{"articleId":3}']),
    ]);
    expect(hotRouted).toBe(0);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 204 No Content\r\n/);
    expect(answers[1]).toBe('');
    expect(answers[2]).toMatch(/^HTTP\/1\.1 204 No Content\r\n/);
    expect((await stored())[3]).toBe(2);
  });
});

// The front door answers view beacons for the live build's articles itself and sends them on a batch
// at a time (packages/front-door/src/beacon-batches.mjs): each counted as the route counts it, from
// the address the route would have read.
describe('POST /api/internal/views: the front door’s batches', () => {
  const batch = (views: unknown[], headers: Record<string, string> = {}) =>
    t.app.fetch('/api/internal/views', { method: 'POST', headers: { 'content-type': 'application/json', 'x-internal-secret': TEST_SECRET, ...headers }, body: JSON.stringify({ views }) });
  const delta = async (before: Record<string, number>) => {
    const after = await stored();
    return Object.fromEntries(Object.entries(after).map(([id, views]) => [id, views - (before[id] ?? 0)]).filter(([, d]) => d !== 0));
  };

  it('counts each beacon by the route’s rules: once a reader a day, no bots or readers who asked not to be, no article off the site', async () => {
    const before = await stored();
    const answer = await batch([
      { articleId: 1, forwardedFor: '198.51.100.201', userAgent: CHROME },
      { articleId: 1, forwardedFor: '198.51.100.201', userAgent: CHROME },
      // Through Caddy and the door: the reader is the first address not ours.
      { articleId: 1, forwardedFor: '198.51.100.202,127.0.0.1', userAgent: CHROME },
      { articleId: 2, forwardedFor: '198.51.100.203', userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
      { articleId: 2, forwardedFor: '198.51.100.204', userAgent: CHROME, doNotTrack: '1' },
      { articleId: 2, forwardedFor: '198.51.100.205', userAgent: CHROME, globalPrivacyControl: '1' },
      { articleId: 999, forwardedFor: '198.51.100.206', userAgent: CHROME },
    ]);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: 7, counted: 2, unread: 0 });
    expect(await delta(before)).toEqual({ 1: 2 });
  });

  it('reads the same reader from a batch as from a relayed beacon', async () => {
    const before = await stored();
    await beacon('/api/views', '198.51.100.210, 127.0.0.1', '{"articleId":3}');
    expect(await (await batch([{ articleId: 3, forwardedFor: '198.51.100.210, 127.0.0.1,127.0.0.1', userAgent: CHROME }])).json()).toMatchObject({ received: 1, counted: 0 });
    expect(await (await batch([{ articleId: 3, forwardedFor: '198.51.100.211', userAgent: CHROME }])).json()).toMatchObject({ received: 1, counted: 1 });
    expect(await delta(before)).toEqual({ 3: 2 });
  });

  it('takes batches only from our services, of at most 500, and skips a beacon it cannot read, never the batch', async () => {
    const before = await stored();
    const view = { articleId: 1, forwardedFor: '198.51.100.220', userAgent: CHROME };
    expect((await batch([view], { 'x-internal-secret': 'wrong' })).status).toBe(403);
    // Through a public proxy, even with the secret.
    expect((await batch([view], { 'x-forwarded-for': '198.51.100.220' })).status).toBe(404);
    expect((await batch(Array.from({ length: 501 }, () => view))).status).toBe(400);
    expect(await delta(before)).toEqual({});
    const unreadable = [{ ...view, articleId: 0 }, { ...view, forwardedFor: '' }, { ...view, userAgent: 'x'.repeat(3000) }, 'view', null];
    const answer = await batch([...unreadable, view]);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: 6, counted: 1, unread: 5 });
    expect(await delta(before)).toEqual({ 1: 1 });
  });
});
