import { Router } from 'express';
import { describe, expect, it } from 'vitest';
import { anyone, signedIn } from '../src/routes/access.ts';
import { signInRules, type SignInRule } from '../src/routes/login-required.ts';
import { appForThisFile } from './file-app.ts';
import { TEST_ORIGIN } from './test-app.ts';

const t = appForThisFile();

const concrete = (path: string) => `/api${path.replace(/:[a-zA-Z]+/g, '1')}`;
/** The routes that need a session, as each route's own declaration says (routes/access.ts). */
const LOGIN_REQUIRED = () => (t.app.app.locals.signInRules as SignInRule[]).map((r) => [r.method, r.path] as const);

/** A request with a body that is not JSON at all, as a broken or hostile client sends it. */
async function malformed(method: string, path: string, cookie?: string) {
  const res = await fetch(t.app.base + path, {
    method,
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...(cookie && { cookie }) },
    body: method === 'GET' ? undefined : '{"title": broken',
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as { message?: string } };
}

describe('who may call is decided before what they sent is read', () => {
  it('answers every login-required route 401 for a visitor with a malformed body', async () => {
    for (const [method, path] of LOGIN_REQUIRED()) {
      const res = await malformed(method, concrete(path));
      expect({ method, path, status: res.status, message: res.body.message }).toEqual({ method, path, status: 401, message: 'Please sign in to continue.' });
    }
  });

  it('lists only routes that exist: a signed-in member reaches each one (and gets 400 for the malformed body)', async () => {
    const member = await t.member('gate_member');
    const cookie = [...member.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    for (const [method, path] of LOGIN_REQUIRED()) {
      const res = await malformed(method, concrete(path), cookie);
      expect(res.body.message ?? '', `${method} ${path}`).not.toMatch(/^No API route/);
      expect(res.status, `${method} ${path}`).not.toBe(401);
      if (method !== 'GET') expect(res.status, `${method} ${path}`).toBe(400);
    }
  });

  it('reads each route’s own declaration, and refuses to build an API with a route that declares none', () => {
    expect(LOGIN_REQUIRED().length).toBeGreaterThan(60);
    expect(LOGIN_REQUIRED()).toContainEqual(['POST', '/bulletin']);
    expect(LOGIN_REQUIRED()).toContainEqual(['POST', '/admin/users/:userId/role']);
    expect(LOGIN_REQUIRED()).not.toContainEqual(['GET', '/bulletin']);
    const declared = Router();
    declared.get('/open', anyone, (_req, res) => void res.end());
    declared.post('/mine', signedIn, (_req, res) => void res.end());
    expect(signInRules([['/admin', declared]])).toEqual([{ method: 'POST', path: '/admin/mine' }]);
    const forgotten = Router();
    forgotten.get('/forgotten', (_req, res) => void res.end());
    expect(() => signInRules([declared, forgotten])).toThrow('GET /api/forgotten does not say who may call it');
  });

  it('leaves public routes open to visitors', async () => {
    expect((await fetch(`${t.app.base}/api/bulletin`)).status).toBe(200);
    expect((await fetch(`${t.app.base}/api/articles`)).status).toBe(200);
  });
});
