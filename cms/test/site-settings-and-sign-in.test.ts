import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SiteAdminIdentity } from '@app/shared/browser';
import { handleEndpoints } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_CMS_URL, startPayload, TEST_SECRET } from './payload-test';

// The API's side of the single sign-on, standing in: it names the site admin a session belongs to.
const SESSIONS: Record<string, SiteAdminIdentity | 403> = {
  'sid=admin-session': { id: 41, username: 'SiteAdmin', email: 'site.admin@example.com', displayName: 'Site Admin', emailConfirmed: true },
  'sid=linked-session': { id: 42, username: 'Editor2', email: 'editor.two@example.com', displayName: 'Editor Two', emailConfirmed: true },
  'sid=unconfirmed-session': { id: 43, username: 'Sneaky', email: 'editor.three@example.com', displayName: 'Sneaky', emailConfirmed: false },
  'sid=moderator-session': 403,
};
let api: Server;
const asked: string[] = [];
let ctx: Awaited<ReturnType<typeof startPayload>>;
beforeAll(async () => {
  api = createServer((req, res) => {
    const cookie = String(req.headers.cookie ?? '');
    asked.push(cookie);
    const found = req.url === '/api/internal/site-admin' && req.headers['x-internal-secret'] === TEST_SECRET ? SESSIONS[cookie] : 403;
    if (!found || found === 403) return void res.writeHead(found ? 403 : 401).end('{}');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  process.env.API_URL = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  ctx = await startPayload();
});
afterAll(async () => {
  await ctx?.close();
  await new Promise((r) => api.close(r));
});

const ORIGIN = 'http://localhost:3000';
const rest = (path: string, init: RequestInit = {}) => handleEndpoints({ config: ctx.payload.config, path, request: new Request(`${ORIGIN}${path}`, init) });
const me = async (cookie: string, headers: Record<string, string> = {}) => ((await (await rest('/cms/api/users/me', { headers: { cookie, ...headers } })).json()) as { user: { email: string; role: string; siteUserId: number | null } | null }).user;

describe('one sign-in for site admins', () => {
  it('signs a site admin in from their site session, creating their CMS admin once', async () => {
    const user = await me('sid=admin-session');
    expect(user).toMatchObject({ email: 'site.admin@example.com', role: 'admin', siteUserId: 41 });
    await me('sid=admin-session');
    const found = await ctx.payload.find({ collection: 'users', where: { siteUserId: { equals: 41 } }, overrideAccess: true });
    expect(found.totalDocs).toBe(1);
  });

  it('links an editor account with the admin’s confirmed email, keeping its role; an unconfirmed email links nothing', async () => {
    await ctx.payload.create({ collection: 'users', data: { email: 'editor.two@example.com', password: 'a-long-password-1', role: 'editor' }, overrideAccess: true });
    expect(await me('sid=linked-session')).toMatchObject({ email: 'editor.two@example.com', role: 'editor', siteUserId: 42 });
    await ctx.payload.create({ collection: 'users', data: { email: 'editor.three@example.com', password: 'a-long-password-1', role: 'editor' }, overrideAccess: true });
    expect(await me('sid=unconfirmed-session')).toBeNull();
  });

  it('refuses moderators, members and visitors, and cross-site requests', async () => {
    expect(await me('sid=moderator-session')).toBeNull();
    expect(await me('sid=nobody')).toBeNull();
    const before = asked.length;
    expect(await me('sid=admin-session', { origin: 'https://evil.example' })).toBeNull();
    expect(asked.length).toBe(before);
  });
});

describe('the site settings global', () => {
  const privateHost = new URL(PRIVATE_CMS_URL).host;
  const service = { host: privateHost, 'x-internal-secret': TEST_SECRET, 'content-type': 'application/json' };

  it('is read and written by our services on the private address, with the settings’ rules, and signals a content change', async () => {
    expect((await rest('/cms/api/globals/site-settings')).status).toBe(403);
    const read = await (await rest('/cms/api/globals/site-settings', { headers: service })).json();
    expect(read).toMatchObject({ siteName: 'Better Self', tagline: 'Small steps, every day', adsEnabled: true });

    const bad = await rest('/cms/api/globals/site-settings', { method: 'POST', headers: service, body: JSON.stringify({ contactEmail: 'nope' }) });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('The contact email must be a valid email address.');
    const banner = await rest('/cms/api/globals/site-settings', { method: 'POST', headers: service, body: JSON.stringify({ maintenanceBanner: { enabled: true, text: '' } }) });
    expect(JSON.stringify(await banner.json())).toContain('Write the maintenance banner text before turning it on.');

    const signals = ctx.signals.length;
    const saved = await rest('/cms/api/globals/site-settings', { method: 'POST', headers: service, body: JSON.stringify({ siteName: 'Calm Steps', maintenanceBanner: { enabled: true, text: 'Back soon.' } }) });
    expect(saved.status).toBe(200);
    expect((await ctx.waitForSignals(signals + 1)).at(-1)).toMatchObject({ collection: 'site-settings', operation: 'update' });
    expect(await (await rest('/cms/api/globals/site-settings', { headers: service })).json()).toMatchObject({ siteName: 'Calm Steps', maintenanceBanner: { enabled: true, text: 'Back soon.' } });
  });
});
