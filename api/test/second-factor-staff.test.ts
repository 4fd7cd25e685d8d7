import { DEFAULT_SITE_SETTINGS } from '@app/shared/browser';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { ensureAccount } from '../src/domain/accounts/ensure-accounts.ts';
import { browserClient } from './browser-client.ts';
import { appForThisFile } from './file-app.ts';
import { enrolPasskey, enrolTotp, signInStaff, totpCode } from './second-factor-helpers.ts';
import { softAuthenticator } from './soft-authenticator.ts';
import { TEST_ORIGIN, TEST_SECRET } from './test-app.ts';

const t = appForThisFile();
const db = () => t.testDb.db;
const userId = async (username: string) => (await db().select().from(users).where(eq(users.username, username)))[0]!.id;
const staleFactor = (username: string) => db().execute(sql`update app.sessions set second_factor_at = now() - interval '11 minutes' where user_id = (select id from app.users where username = ${username})`);
/** The status of a download (a CSV is not JSON, which the browser client reads). */
const downloadStatus = async (c: ReturnType<typeof browserClient>, path: string) =>
  (await fetch(`${t.app.base}${path}`, { headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } })).status;
const siteAdminOf = (cookies: Map<string, string>) =>
  fetch(`${t.app.base}/api/internal/site-admin`, { headers: { 'x-internal-secret': TEST_SECRET, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });

describe('staff need a second factor', () => {
  it('an admin without one signs in, but every staff call waits until they set one up', async () => {
    await ensureAccount(db(), { username: 'sf_new_admin', email: 'sf_new_admin@example.com', password: 'pass-word-1', admin: true });
    const admin = browserClient(t.app.base);
    expect((await admin.post('/api/login', { username: 'sf_new_admin', password: 'pass-word-1' })).body).toMatchObject({ role: 'admin' });
    expect((await admin.get('/api/user')).body).toMatchObject({ role: 'admin', hasSecondFactor: false, secondFactorVerified: false });
    for (const path of ['/api/admin/users', '/api/admin/reports', '/api/admin/chat-rooms', '/api/admin/settings']) {
      const res = path === '/api/admin/settings' ? await admin.put(path, {}) : await admin.get(path);
      expect(res, path).toMatchObject({ status: 403, body: { code: 'second_factor_setup_required', message: expect.stringContaining('Profile → Security') } });
    }
    // The CMS's single sign-on does not take them in either.
    expect((await siteAdminOf(admin.cookies)).status).toBe(403);
    // Setting one up is a member's page, open to them; then the powers are theirs.
    const { usedCode } = await enrolTotp(admin);
    expect(usedCode).toMatch(/^\d{6}$/);
    expect((await admin.get('/api/admin/users')).status).toBe(200);
    expect((await siteAdminOf(admin.cookies)).status).toBe(200);
    expect((await admin.get('/api/user')).body).toMatchObject({ hasSecondFactor: true, secondFactorVerified: true });
  });

  it('a member made a moderator meets the same wait in the session they have', async () => {
    const admin = browserClient(t.app.base);
    await ensureAccount(db(), { username: 'sf_promoter', email: 'sf_promoter@example.com', password: 'pass-word-1', admin: true });
    await signInStaff(admin, 'sf_promoter', 'pass-word-1');
    await ensureAccount(db(), { username: 'sf_promoted', email: 'sf_promoted@example.com', password: 'pass-word-1' });
    const member = browserClient(t.app.base);
    await member.post('/api/login', { username: 'sf_promoted', password: 'pass-word-1' });
    expect((await admin.post(`/api/admin/users/${await userId('sf_promoted')}/role`, { role: 'moderator' })).status).toBe(200);
    expect(await member.get('/api/admin/reports')).toMatchObject({ status: 403, body: { code: 'second_factor_setup_required' } });
    await enrolPasskey(member, softAuthenticator({ origin: TEST_ORIGIN, rpId: 'localhost' }));
    expect((await member.get('/api/admin/reports')).status).toBe(200);
  });

  it('keeps staff from leaving themselves without one', async () => {
    await ensureAccount(db(), { username: 'sf_keeper', email: 'sf_keeper@example.com', password: 'pass-word-1', admin: true });
    const admin = browserClient(t.app.base);
    await signInStaff(admin, 'sf_keeper', 'pass-word-1');
    const [only] = (await admin.get('/api/profile/security')).body.passkeys;
    expect(await admin.delete(`/api/profile/security/passkeys/${only.id}`, { currentPassword: 'pass-word-1' })).toMatchObject({ status: 409, body: { message: expect.stringContaining('Staff accounts must keep a second factor') } });
    expect((await admin.get('/api/profile/security')).body.passkeys).toHaveLength(1);
  });
});

describe('dangerous actions ask for the second factor again after 10 minutes', () => {
  it('refuses each with 403 second_factor_required until the factor is passed again, then does it', async () => {
    await ensureAccount(db(), { username: 'sf_stepper', email: 'sf_stepper@example.com', password: 'pass-word-1', admin: true });
    const admin = browserClient(t.app.base);
    expect((await admin.post('/api/login', { username: 'sf_stepper', password: 'pass-word-1' })).status).toBe(200);
    const { secret } = await enrolTotp(admin);
    await ensureAccount(db(), { username: 'sf_target', email: 'sf_target@example.com', password: 'pass-word-1' });
    const target = await userId('sf_target');
    const dangerous: [string, () => Promise<{ status: number; body: { code?: string } }>][] = [
      ['export members', () => admin.get('/api/admin/export/members.csv')],
      ['export orders', () => admin.get('/api/admin/export/orders.csv')],
      ['export the audit log', () => admin.get('/api/admin/export/audit.csv')],
      ['export content', () => admin.get('/api/admin/export/content.zip')],
      ['change a role', () => admin.post(`/api/admin/users/${target}/role`, { role: 'moderator' })],
      ['ban a member', () => admin.post(`/api/admin/users/${target}/status`, { status: 'banned', reason: 'spam' })],
      ['change settings', () => admin.put('/api/admin/settings', DEFAULT_SITE_SETTINGS)],
      ['send a newsletter', () => admin.post('/api/admin/newsletters', { articleId: 1, segment: 'all' })],
      ['deploy', () => admin.post('/api/deploy')],
      ['roll back', () => admin.post('/api/admin/deployments/1/rollback')],
    ];
    await staleFactor('sf_stepper');
    for (const [what, run] of dangerous) expect(await run(), what).toMatchObject({ status: 403, body: { code: 'second_factor_required', message: 'Please confirm it is you with your second factor to continue.' } });
    // Everyday staff work goes on.
    expect((await admin.get('/api/admin/users')).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${target}/status`, { status: 'under_review', reason: 'spam' })).status).toBe(200);
    // A wrong code does not help; the right one does.
    expect((await admin.post('/api/auth/second-factor', { code: '12345' })).status).toBe(400);
    expect((await admin.post('/api/auth/second-factor', { code: await totpCode(secret, 1) })).status).toBe(200);
    expect(await downloadStatus(admin, '/api/admin/export/members.csv')).toBe(200);
    expect((await admin.post(`/api/admin/users/${target}/role`, { role: 'moderator' })).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${target}/status`, { status: 'banned', reason: 'spam' })).status).toBe(200);
  });

  it('takes a passkey for the step-up, for this session only', async () => {
    await ensureAccount(db(), { username: 'sf_pk_stepper', email: 'sf_pk_stepper@example.com', password: 'pass-word-1', admin: true });
    const admin = browserClient(t.app.base);
    await admin.post('/api/login', { username: 'sf_pk_stepper', password: 'pass-word-1' });
    const key = softAuthenticator({ origin: TEST_ORIGIN, rpId: 'localhost' });
    await enrolPasskey(admin, key);
    await staleFactor('sf_pk_stepper');
    expect(await downloadStatus(admin, '/api/admin/export/members.csv')).toBe(403);
    // Another session's step-up challenge does not count for this one.
    const other = browserClient(t.app.base);
    await signInStaffWith(other, key);
    const theirs = await other.post('/api/auth/passkey/options');
    expect((await admin.post('/api/auth/passkey', { response: key.sign(theirs.body) })).status).toBe(401);
    const options = await admin.post('/api/auth/passkey/options');
    expect((await admin.post('/api/auth/passkey', { response: key.sign(options.body) })).status).toBe(200);
    expect(await downloadStatus(admin, '/api/admin/export/members.csv')).toBe(200);
  });
});

async function signInStaffWith(c: ReturnType<typeof browserClient>, key: ReturnType<typeof softAuthenticator>) {
  const options = await c.post('/api/login/passkey/options', { for: 'sign-in' });
  expect((await c.post('/api/login/passkey', { for: 'sign-in', response: key.sign(options.body) })).status).toBe(200);
}
