import { SITE_ACCESS_CHANNEL, type SiteAccessChange } from '@app/shared/schemas';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { appForThisFile } from './file-app.ts';
import { TEST_SECRET } from './test-app.ts';

// The API's side of issue 34's CMS items: it tells the CMS (on commit) when an admin's standing
// changed and answers who still administers; it counts the CMS's password sign-ins.
const t = appForThisFile();
const internal = (path: string, body: unknown) => t.app.fetch(`/api/internal${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-internal-secret': TEST_SECRET }, body: JSON.stringify(body) });
const idOf = async (username: string) => (await t.testDb.db.select().from(users).where(eq(users.username, username)))[0]!.id;
const stillAdmins = async (ids: number[]) => ((await (await internal('/site-admins', { ids })).json()) as { ids: number[] }).ids;

let listener: pg.Client;
const heard: SiteAccessChange[] = [];
beforeAll(async () => {
  listener = new pg.Client({ connectionString: t.testDb.url });
  await listener.connect();
  listener.on('notification', (n) => heard.push(JSON.parse(n.payload ?? '{}')));
  await listener.query(`listen ${SITE_ACCESS_CHANNEL}`);
});
afterAll(() => listener?.end());

async function heardAbout(siteUserId: number) {
  for (let i = 0; i < 250 && !heard.some((h) => h.siteUserId === siteUserId); i++) await new Promise((r) => setTimeout(r, 20));
  return heard.some((h) => h.siteUserId === siteUserId);
}

describe('a site admin’s CMS access', () => {
  it('is signalled to the CMS when an admin is made a member, and they no longer count as an admin', async () => {
    const boss = await t.member('cms_boss', 'free', true);
    await t.member('cms_demoted', 'free', true);
    const demoted = await idOf('cms_demoted');
    expect(await stillAdmins([demoted, await idOf('cms_boss')])).toEqual(expect.arrayContaining([demoted]));

    expect((await boss.post(`/api/admin/users/${demoted}/role`, { role: 'member' })).status).toBe(200);
    expect(await heardAbout(demoted)).toBe(true);
    expect(await stillAdmins([demoted])).toEqual([]);
  });

  it('is signalled when an admin is suspended, and a suspended admin no longer counts', async () => {
    const boss = await t.member('cms_boss', 'free', true);
    await t.member('cms_suspended', 'free', true);
    const suspended = await idOf('cms_suspended');
    expect((await boss.post(`/api/admin/users/${suspended}/status`, { status: 'suspended', reason: 'spam' })).status).toBe(200);
    expect(await heardAbout(suspended)).toBe(true);
    expect(await stillAdmins([suspended])).toEqual([]);
  });

  it('is signalled when an admin deletes their account, and a deleted account no longer counts', async () => {
    const leaver = await t.member('cms_leaver', 'free', true);
    const id = await idOf('cms_leaver');
    expect((await leaver.delete('/api/profile', { currentPassword: 'pass-word-1' })).status).toBe(200);
    expect(await heardAbout(id)).toBe(true);
    expect(await stillAdmins([id])).toEqual([]);
  });

  it('is answered only to our services: a proxied call or a wrong secret is refused', async () => {
    const proxied = await t.app.fetch('/api/internal/site-admins', { method: 'POST', headers: { 'content-type': 'application/json', 'x-internal-secret': TEST_SECRET, 'x-forwarded-for': '203.0.113.9' }, body: '{"ids":[1]}' });
    expect(proxied.status).toBe(404);
    const wrong = await t.app.fetch('/api/internal/site-admins', { method: 'POST', headers: { 'content-type': 'application/json', 'x-internal-secret': 'wrong' }, body: '{"ids":[1]}' });
    expect(wrong.status).toBe(403);
  });
});

describe('the CMS’s password sign-ins', () => {
  const attempt = (account: string, address: string) => internal('/cms-sign-in/attempts', { account, address });

  it('throttle the guessing address with a clear message, while the owner signs in from another address', async () => {
    const account = 'editor@example.com';
    for (let i = 0; i < 4; i++) expect((await attempt(account, '203.0.113.7')).status).toBe(200);
    const refused = await attempt(account, '203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many sign-in attempts\. Please wait \d+ seconds? and try again\.$/);

    const owner = await attempt('EDITOR@example.com', '198.51.100.4');
    expect(owner.status).toBe(200);
    const { attempt: ids } = (await owner.json()) as { attempt: number[] };
    expect(ids.length).toBe(2);
    expect((await internal('/cms-sign-in/succeeded', { account, address: '198.51.100.4', attempt: ids })).status).toBe(200);
  });

  it('cap one address over every account', async () => {
    for (let i = 0; i < 30; i++) expect((await attempt(`someone${i}@example.com`, '192.0.2.55')).status).toBe(200);
    expect((await attempt('someone-else@example.com', '192.0.2.55')).status).toBe(429);
  });

  it('forget an account’s failures from an address once it signs in there', async () => {
    const account = 'forgetful@example.com';
    for (let i = 0; i < 3; i++) expect((await attempt(account, '203.0.113.20')).status).toBe(200);
    const last = (await (await attempt(account, '203.0.113.20')).json()) as { attempt: number[] };
    expect((await internal('/cms-sign-in/succeeded', { account, address: '203.0.113.20', attempt: last.attempt })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(account, '203.0.113.20')).status).toBe(200);
  });

  it('take back a right password answered with the second step, and keep the account’s failures counted', async () => {
    const account = 'two-step@example.com';
    // Browser sign-ins: the password first (right; the CMS asks for the code), then the code.
    for (let i = 0; i < 6; i++) {
      const { attempt: ids } = (await (await attempt(account, '203.0.113.30')).json()) as { attempt: number[] };
      expect((await internal('/cms-sign-in/password-right', { attempt: ids })).status).toBe(200);
    }
    // Three wrong codes stay counted; the fourth try is the last free one.
    for (let i = 0; i < 4; i++) expect((await attempt(account, '203.0.113.30')).status).toBe(200);
    expect((await attempt(account, '203.0.113.30')).status).toBe(429);
    expect((await internal('/cms-sign-in/password-right', { attempt: ['x'] })).status).toBe(400);
  });
});
