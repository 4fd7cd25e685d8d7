import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { startFakeCms } from './fake-cms.ts';
import { sampleRecords } from './fixtures.ts';
import { countRouted, rawAnswer } from './raw-answer.ts';
import { signedInMember } from './signed-in-member.ts';
import { startTestApp, TEST_SECRET } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

// GET /api/user for a signed-in member is answered before Express (lib/hot-reads.ts): the answer
// must be the route's own, line for line, and everything the route answers otherwise stays Express's.
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let cms: Awaited<ReturnType<typeof startFakeCms>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
let cookie: string;
/** Requests that reached Express's router. */
let routed: { count: number };

beforeAll(async () => {
  testDb = await createTestDatabase();
  cms = await startFakeCms(sampleRecords(), TEST_SECRET);
  app = await startTestApp({ db: testDb.db, source: createCmsContentSource(cms.url, TEST_SECRET) });
  routed = countRouted(app.app);
  const member = await signedInMember(testDb.db, app.base, 'HotReader', 'pro');
  cookie = [...member.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
});
afterAll(async () => {
  await app?.close();
  await cms?.close();
  await testDb?.drop();
});

const raw = (method: string, path: string, headers: Record<string, string>, body?: string) => rawAnswer(app.base, method, path, headers, body);

const fromEdge = () => ({ cookie, 'x-request-id': 'edge-request-0001' });

describe('GET /api/user before Express', () => {
  it('answers a signed-in member without Express, with the very lines and body Express answers', async () => {
    routed.count = 0;
    const hot = await raw('GET', '/api/user', fromEdge());
    expect(routed.count).toBe(0);
    // A query string is Express's; the route answers it alike.
    const routedAnswer = await raw('GET', '/api/user?via=express', fromEdge());
    expect(routed.count).toBe(1);
    expect(hot.status).toBe(200);
    expect(hot).toEqual(routedAnswer);
    expect(JSON.parse(hot.body)).toMatchObject({ username: 'HotReader', membershipTier: 'pro' });
    expect(hot.lines).toContainEqual(['X-Request-Id', 'edge-request-0001']);
    expect(hot.lines).toContainEqual(['Cache-Control', 'private, no-store']);
    expect(hot.lines).toContainEqual(['Content-Security-Policy', "default-src 'none';frame-ancestors 'none'"]);
  });

  it('answers HEAD with the same lines and no body', async () => {
    routed.count = 0;
    const hot = await raw('HEAD', '/api/user', fromEdge());
    const routedAnswer = await raw('HEAD', '/api/user?via=express', fromEdge());
    expect(routed.count).toBe(1);
    expect(hot).toEqual(routedAnswer);
    expect(hot.body).toBe('');
  });

  it('gives its own request id when none came from the edge', async () => {
    const a = await raw('GET', '/api/user', { cookie });
    const id = a.lines.find(([name]) => name === 'X-Request-Id')?.[1];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('leaves a visitor, a stale cookie and a body to Express: 401 clearing the cookies, NUL refused', async () => {
    routed.count = 0;
    const visitor = await raw('GET', '/api/user', {});
    expect(visitor.status).toBe(401);
    const stale = await raw('GET', '/api/user', { cookie: 'sid=not-a-session; signed_in=1' });
    expect(stale.status).toBe(401);
    expect(stale.lines.filter(([name]) => name === 'Set-Cookie').map(([, v]) => v)).toEqual(['sid=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax', 'signed_in=; Max-Age=0; Path=/; SameSite=Lax']);
    expect(JSON.parse(stale.body)).toEqual({ message: 'Not authenticated', code: 'unauthorized' });
    const nulBody = JSON.stringify({ a: 'x\u0000' });
    const withNul = await raw('GET', '/api/user', { ...fromEdge(), 'content-type': 'application/json', 'content-length': String(nulBody.length) }, nulBody);
    expect(withNul.status).toBe(400);
    expect(JSON.parse(withNul.body)).toMatchObject({ code: 'bad_request' });
    expect(withNul.lines).toContainEqual(['X-Request-Id', 'edge-request-0001']);
    expect(routed.count).toBe(3);
  });
});

// GET /api/articles/:id for a signed-in reader too: the article as their tier reads it.
describe('GET /api/articles/:id before Express', () => {
  it('answers a signed-in Pro member without Express, with the very lines and body Express answers, for an article they may read and one they may not', async () => {
    for (const [id, locked] of [
      [2, false],
      [3, true],
    ] as const) {
      routed.count = 0;
      const hot = await raw('GET', `/api/articles/${id}`, fromEdge());
      expect(routed.count).toBe(0);
      const routedAnswer = await raw('GET', `/api/articles/${id}?via=express`, fromEdge());
      expect(routed.count).toBe(1);
      expect(hot.status).toBe(200);
      expect(hot).toEqual(routedAnswer);
      const article = JSON.parse(hot.body);
      expect(article).toMatchObject({ id, locked });
      expect(article.content === null).toBe(locked);
      expect(hot.lines).toContainEqual(['Cache-Control', 'private, no-store']);
    }
    const head = await raw('HEAD', '/api/articles/2', fromEdge());
    expect(head.lines).toEqual((await raw('HEAD', '/api/articles/2?via=express', fromEdge())).lines);
    expect(head.body).toBe('');
  });

  it('leaves a visitor, an unknown id and any other spelling of the id to Express, which answers them as before', async () => {
    routed.count = 0;
    const visitor = await raw('GET', '/api/articles/2', {});
    expect(visitor.status).toBe(200);
    expect(JSON.parse(visitor.body)).toMatchObject({ id: 2, locked: true, content: null });
    const unknown = await raw('GET', '/api/articles/999', fromEdge());
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toEqual({ message: 'Article not found', code: 'not_found' });
    for (const spelled of ['/api/articles/02', '/api/articles/2147483648', '/api/articles/abc']) expect((await raw('GET', spelled, fromEdge())).status, spelled).toBe(404);
    // Express's router takes a trailing slash: the route answers it.
    expect(JSON.parse((await raw('GET', '/api/articles/2/', fromEdge())).body)).toMatchObject({ id: 2, locked: false });
    expect(routed.count).toBe(6);
  });
});
