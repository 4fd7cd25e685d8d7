// The public lists the front door answers itself (issue 53 #2): the real API app behind the real
// front door, which follows the API's content generation and keeps the lists the API marks with it.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { startFakeCms } from './fake-cms.ts';
import { article, sampleRecords } from './fixtures.ts';
import { startTestApp, TEST_SECRET } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let cms: Awaited<ReturnType<typeof startFakeCms>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
/** The same app on a server that counts the requests reaching it, by path (the door relays to it). */
let counted: Server;
const reached = new Map<string, number>();
type Door = Server & { sharedAnswers: { generation(): string | null } };
let door: Door;
let doorPort: number;
const HOST = 'door.test';

const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

beforeAll(async () => {
  testDb = await createTestDatabase();
  cms = await startFakeCms(sampleRecords(), TEST_SECRET);
  app = await startTestApp({ db: testDb.db, source: createCmsContentSource(cms.url, TEST_SECRET) });
  counted = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    reached.set(path, (reached.get(path) ?? 0) + 1);
    app.app(req, res);
  });
  const apiPort = await listen(counted);
  // The door is JavaScript without declarations: imported by a name the typechecker does not follow.
  const frontDoor = '@app/front-door';
  const { createFrontDoorServer } = (await import(frontDoor)) as { createFrontDoorServer: (options: Record<string, unknown>) => Door };
  door = createFrontDoorServer({
    publicUrl: new URL(`http://${HOST}`),
    apiUrl: `http://127.0.0.1:${apiPort}`,
    cmsUrl: 'http://127.0.0.1:9',
    media: (_req: unknown, _res: unknown, next: () => void) => next(),
    site: null,
    log: () => {},
    internalSecret: TEST_SECRET,
  });
  doorPort = await listen(door);
  const end = Date.now() + 10_000;
  while (door.sharedAnswers.generation() !== app.content.generation() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
});
afterAll(async () => {
  for (const s of [door, counted]) s?.closeAllConnections();
  await Promise.all([door, counted].map((s) => s && new Promise((r) => s.close(r))));
  await app?.close();
  await cms?.close();
  await testDb?.drop();
});

function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    request({ host: '127.0.0.1', port: doorPort, path, headers: { host: HOST, 'accept-encoding': 'identity', ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    })
      .on('error', reject)
      .end();
  });
}
const titles = (body: string) => (JSON.parse(body) as { title: string }[]).map((a) => a.title);

describe('the public lists through the front door', () => {
  it('are marked with the content generation in use, which the door follows on the API’s feed (with the services’ secret only)', async () => {
    for (const path of ['/api/articles', '/api/categories', '/api/articles/category/self-confidence', '/api/products', '/api/products/featured', '/api/youtube/videos']) {
      const res = await app.fetch(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-content-generation'), path).toBe(app.content.generation());
      expect(res.headers.get('cache-control'), path).toBe('public, no-cache');
    }
    // A member's videos are their tier's: never marked as every visitor's.
    expect((await app.fetch('/api/youtube/videos', { headers: { cookie: 'sid=someone' } })).headers.get('x-content-generation')).toBeNull();
    expect((await app.fetch('/api/internal/content-generation')).status).toBe(403);
    expect(door.sharedAnswers.generation()).toBe(app.content.generation());
  });

  it('are answered by the door for visitors after the first, without the mark, and 304 to one who holds them', async () => {
    reached.clear();
    const first = await get('/api/articles');
    const second = await get('/api/articles');
    expect(reached.get('/api/articles')).toBe(1);
    expect(second.body).toBe(first.body);
    expect(second.headers['x-content-generation']).toBeUndefined();
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect((await get('/api/articles', { 'if-none-match': String(first.headers.etag) })).status).toBe(304);
    expect(reached.get('/api/articles')).toBe(1);
  });

  it('are never answered from what the door kept once a publish is in use: the next visitor gets the new list', async () => {
    await get('/api/articles');
    const next = sampleRecords();
    next.articles.push(article(4, 'free', { title: 'Published just now' }));
    cms.set(next);
    await app.content.refresh();
    // No waiting: the API told the door before it answered anyone from the new content.
    expect(titles((await get('/api/articles')).body)).toContain('Published just now');
    expect(door.sharedAnswers.generation()).toBe(app.content.generation());
  });

  it('are never answered from what the door kept for a signed-in request (a cookie or Authorization): those reach the API', async () => {
    await get('/api/articles');
    reached.clear();
    await get('/api/articles', { cookie: 'sid=member' });
    await get('/api/articles', { authorization: 'Bearer token' });
    await get('/api/youtube/videos', { cookie: 'sid=member' });
    await get('/api/youtube/videos', { cookie: 'sid=member' });
    expect([reached.get('/api/articles'), reached.get('/api/youtube/videos')]).toEqual([2, 2]);
  });
});
