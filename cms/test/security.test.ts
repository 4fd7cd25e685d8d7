import { Writable } from 'node:stream';
import { handleEndpoints } from 'payload';
import { generatePayloadCookie } from 'payload/shared';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cmsLogger } from '../src/logger';
import { withRequestFilter } from '../src/request-filter';
import { startPayload } from './payload-test';

let ctx: Awaited<ReturnType<typeof startPayload>>;
beforeAll(async () => {
  ctx = await startPayload();
});
afterAll(async () => ctx?.close());

const ORIGIN = 'http://localhost:3000';
/** Payload's REST API as the route file serves it: the request filter first. */
const rest = (request: Request) => withRequestFilter(ctx.payload.config, (r: Request) => handleEndpoints({ config: ctx.payload.config, path: new URL(r.url).pathname, request: r }))(request, undefined);
const get = (path: string) => rest(new Request(`${ORIGIN}${path}`));

describe('requests PostgreSQL cannot take', () => {
  it('answer 400 or 404 with a message, never 500, before Payload queries anything', async () => {
    const cases: [string, number][] = [
      ['/cms/api/media/abc', 404],
      ['/cms/api/media/1.5', 404],
      ['/cms/api/media/99999999999', 404],
      ['/cms/api/media/2147483648', 404],
      ['/cms/api/media/%00', 400],
      ['/cms/api/media?where[alt][equals]=a%00b', 400],
      ['/cms/api/media?where[id][in]=1,abc', 400],
      ['/cms/api/media?where[id][in][0]=x', 400],
      ['/cms/api/media?where[or][0][id][equals]=nope', 400],
      ['/cms/api/media?where[id][equals]=99999999999', 400],
      ['/cms/api/media/versions/abc', 404],
    ];
    for (const [path, status] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(status);
      expect(await res.json(), path).toEqual({ message: expect.any(String) });
    }
    const nulBody = await rest(new Request(`${ORIGIN}/cms/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a\u0000@example.com', password: 'x' }) }));
    expect(nulBody.status).toBe(400);
    // The text "\u0000" (six characters: a post's code about C strings) is no NUL (issue 49 #2); "\" then a NUL is.
    const asText = await rest(new Request(`${ORIGIN}/cms/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a\\u0000@example.com', password: 'x' }) }));
    expect(await asText.json()).not.toEqual({ message: 'The request body must not contain a NUL character.' });
    const afterBackslash = await rest(new Request(`${ORIGIN}/cms/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a\\\u0000@example.com', password: 'x' }) }));
    expect(await afterBackslash.json()).toEqual({ message: 'The request body must not contain a NUL character.' });
  });

  it('lets well-formed requests through to Payload', async () => {
    expect((await get('/cms/api/media/12345')).status).toBe(404);
    expect((await get('/cms/api/media?where[id][in]=1,2')).status).toBe(200);
    expect((await get('/cms/api/users/me')).status).toBe(200);
  });
});

describe('the CMS log', () => {
  it('never carries a failed statement’s parameters: no password hash, salt or reset token', async () => {
    let failure: unknown;
    try {
      // PostgreSQL refuses the NUL in the name; the failed insert's parameters hold the new hash and salt.
      await ctx.payload.create({ collection: 'users', data: { email: 'nul-name@example.com', password: 'a-long-password-1', name: 'a\u0000b', role: 'editor' }, overrideAccess: true });
    } catch (err) {
      failure = err;
    }
    expect(failure).toBeDefined();
    expect(JSON.stringify({ ...(failure as object), message: (failure as Error).message })).toMatch(/[0-9a-f]{64}/);

    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const logger = pino(cmsLogger.options, sink);
    logger.error({ err: failure });
    logger.error(failure);
    logger.info({ user: { email: 'e@example.com', hash: 'h'.repeat(64), salt: 's'.repeat(32), resetPasswordToken: 't'.repeat(40) } }, 'a users row');
    const log = lines.join('');
    expect(log).toContain('insert into');
    expect(log).not.toMatch(/[0-9a-f]{64}|h{64}|s{32}|t{40}/);
    expect(ctx.payload.config.logger).toBe(cmsLogger);
  });
});

describe('the CMS session cookie', () => {
  it('is Secure when the public address is https, as the site’s is', async () => {
    const before = process.env.PUBLIC_URL;
    try {
      vi.resetModules();
      process.env.PUBLIC_URL = 'https://betterself.example';
      const { Users } = await import('../src/collections/users');
      const cookie = generatePayloadCookie({ collectionAuthConfig: Users.auth as never, cookiePrefix: 'payload', token: 't' });
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/SameSite=Lax/);
      vi.resetModules();
      process.env.PUBLIC_URL = 'http://localhost:3000';
      const { Users: local } = await import('../src/collections/users');
      expect(generatePayloadCookie({ collectionAuthConfig: local.auth as never, cookiePrefix: 'payload', token: 't' })).not.toMatch(/Secure/);
    } finally {
      if (before === undefined) delete process.env.PUBLIC_URL;
      else process.env.PUBLIC_URL = before;
    }
  });
});

describe('a video’s address', () => {
  it('is stored only when it is https on YouTube or Vimeo', async () => {
    const video = (url: string) => ctx.payload.create({ collection: 'videos', data: { title: `Address ${url}`, videoUrl: url, publishDate: '2026-01-01T00:00:00.000Z', membershipRequired: 'free' }, overrideAccess: true, context: { skipNotify: true } });
    for (const url of ['javascript:alert(document.cookie)', 'http://youtu.be/x', 'https://youtu.be.evil.example/x', 'data:text/html,<script>alert(1)</script>']) {
      await expect(video(url), url).rejects.toThrow(/videoUrl|Video Url/i);
    }
    await expect(video('https://youtu.be/abc')).resolves.toMatchObject({ videoUrl: 'https://youtu.be/abc' });
    await expect(video('https://vimeo.com/76979871')).resolves.toMatchObject({ videoUrl: 'https://vimeo.com/76979871' });
  });
});
