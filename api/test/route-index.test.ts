import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeIndex } from '../src/routes/route-index.ts';

// Which router answered, and which routers a request entered on its way.
const passed: string[] = [];
function router(name: string, routes: string[], middleware = false): express.Router {
  const r = express.Router();
  if (middleware) r.use((_req, _res, next) => next());
  for (const path of routes) r.get(path, (req, res, next) => (req.query.skip === name ? next() : res.json({ by: name, params: req.params })));
  const entered = (req: express.Request, res: express.Response, next: express.NextFunction) => {
    passed.push(name);
    r(req, res, next);
  };
  return Object.assign(entered, { stack: r.stack }) as unknown as express.Router;
}

let base = '';
let server: ReturnType<express.Express['listen']>;
beforeAll(async () => {
  const app = express();
  app.use(
    '/api',
    routeIndex([
      router('accounts', ['/user', '/login']),
      ['/admin', router('admin-users', ['/users', '/users/:id'])],
      router('content', ['/articles', '/articles/:id']),
      router('comments', ['/articles/:id/comments']),
      router('anything', ['/:slug']),
      ['/admin', router('admin-system', ['/system'])],
    ]),
    (_req, res) => res.status(404).json({ by: 'not found' }),
  );
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => server.close());

async function get(path: string) {
  passed.length = 0;
  const body = (await (await fetch(base + path)).json()) as { by: string; params?: Record<string, string> };
  return { by: body.by, params: body.params, passed: [...passed] };
}

describe('the route index', () => {
  it('sends a request only through the routers with a route under its first segment (and those answering any path)', async () => {
    expect(await get('/articles/7')).toEqual({ by: 'content', params: { id: '7' }, passed: ['content'] });
    expect(await get('/articles/7/comments')).toEqual({ by: 'comments', params: { id: '7' }, passed: ['content', 'comments'] });
    expect(await get('/user')).toEqual({ by: 'accounts', params: {}, passed: ['accounts'] });
    expect(await get('/admin/system')).toEqual({ by: 'admin-system', params: {}, passed: ['admin-users', 'anything', 'admin-system'] });
    expect(await get('/admin/users/3')).toEqual({ by: 'admin-users', params: { id: '3' }, passed: ['admin-users'] });
  });

  it('keeps the routers’ order, falls through to the next one and to what follows the index', async () => {
    expect(await get('/articles?skip=content')).toMatchObject({ by: 'anything', params: { slug: 'articles' }, passed: ['content', 'comments', 'anything'] });
    expect(await get('/something')).toMatchObject({ by: 'anything', params: { slug: 'something' } });
    expect(await get('/admin/nothing')).toEqual({ by: 'not found', params: undefined, passed: ['admin-users', 'anything', 'admin-system'] });
    expect(await get('/user/extra')).toEqual({ by: 'not found', params: undefined, passed: ['accounts', 'anything'] });
  });

  it('matches first segments without regard to case, as Express does', async () => {
    expect(await get('/ARTICLES/7')).toMatchObject({ by: 'content', params: { id: '7' } });
    expect(await get('/Admin/System')).toMatchObject({ by: 'admin-system' });
  });

  it('enters a router with a middleware of its own for every path', async () => {
    const app = express();
    app.use(routeIndex([router('guarded', ['/private'], true), router('open', ['/public'])]));
    const s = app.listen(0, '127.0.0.1');
    await new Promise((r) => s.once('listening', r));
    try {
      passed.length = 0;
      await fetch(`http://127.0.0.1:${(s.address() as AddressInfo).port}/public`);
      expect(passed).toEqual(['guarded', 'open']);
    } finally {
      s.close();
    }
  });
});
