import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, passkeys, sessions, totpFactors, users } from '../src/db/schema/index.ts';
import { ensureAccount } from '../src/domain/accounts/ensure-accounts.ts';
import { browserClient } from './browser-client.ts';
import { appForThisFile } from './file-app.ts';
import { enrolPasskey, enrolTotp, signInStaff } from './second-factor-helpers.ts';
import { mailsTo, signedUpMember } from './sign-up.ts';
import { softAuthenticator } from './soft-authenticator.ts';
import { TEST_ORIGIN } from './test-app.ts';

const t = appForThisFile();
const db = () => t.testDb.db;
const member = (username: string) => signedUpMember(t.app.base, db(), username);
const userId = async (username: string) => (await db().select().from(users).where(eq(users.username, username)))[0]!.id;
const NEW_BROWSER = /^New sign-in to your Better Self account$/;

describe('an admin resets a locked-out member\'s second factor', () => {
  it('removes every factor, ends their sessions, audits it and mails them', async () => {
    const { c } = await member('sf_locked');
    await enrolTotp(c);
    await enrolPasskey(c, softAuthenticator({ origin: TEST_ORIGIN, rpId: 'localhost' }));
    const id = await userId('sf_locked');
    await ensureAccount(db(), { username: 'sf_resetter', email: 'sf_resetter@example.com', password: 'pass-word-1', admin: true });
    const admin = browserClient(t.app.base);
    await signInStaff(admin, 'sf_resetter', 'pass-word-1');

    expect((await c.post(`/api/admin/users/${id}/second-factor/reset`)).status).toBe(403);
    expect((await admin.post(`/api/admin/users/${await userId('sf_resetter')}/second-factor/reset`)).status).toBe(400);
    await db().execute(sql`update app.sessions set second_factor_at = now() - interval '11 minutes' where user_id = (select id from app.users where username = 'sf_resetter')`);
    expect(await admin.post(`/api/admin/users/${id}/second-factor/reset`)).toMatchObject({ status: 403, body: { code: 'second_factor_required' } });
    await db().execute(sql`update app.sessions set second_factor_at = now() where user_id = (select id from app.users where username = 'sf_resetter')`);

    const reset = await admin.post(`/api/admin/users/${id}/second-factor/reset`);
    expect(reset).toMatchObject({ status: 200, body: { message: expect.stringContaining('sf_locked') } });
    expect(await db().select().from(passkeys).where(eq(passkeys.userId, id))).toEqual([]);
    expect(await db().select().from(totpFactors).where(eq(totpFactors.userId, id))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'user.second_factor_reset'));
    expect(entry).toMatchObject({ targetUserId: id, details: { passkeys: 1, authenticator: true } });
    expect(await mailsTo(db(), 'sf_locked@example.com', /^Your Better Self second factor was reset$/)).toHaveLength(1);
    // The password alone signs them in again.
    expect((await browserClient(t.app.base).post('/api/login', { username: 'sf_locked', password: 'secret-pass' })).body).toMatchObject({ username: 'sf_locked' });
  });
});

describe('sign out everywhere', () => {
  it('ends every session of the member, this one too', async () => {
    const { c } = await member('sf_everywhere');
    const other = browserClient(t.app.base);
    await other.post('/api/login', { username: 'sf_everywhere', password: 'secret-pass' });
    expect((await c.post('/api/logout/everywhere')).status).toBe(200);
    expect((await c.get('/api/user')).status).toBe(401);
    expect((await other.get('/api/user')).status).toBe(401);
  });
});

describe('a sign-in from a new browser', () => {
  it('is mailed to the member, once per browser, but not a new account\'s first', async () => {
    const { c } = await member('sf_browsers');
    expect(await mailsTo(db(), 'sf_browsers@example.com', NEW_BROWSER, 0)).toHaveLength(0);
    // The same browser signing in again is known.
    await c.post('/api/logout');
    expect((await c.post('/api/login', { username: 'sf_browsers', password: 'secret-pass' })).status).toBe(200);
    const laptop = browserClient(t.app.base);
    await laptop.post('/api/login', { username: 'sf_browsers', password: 'secret-pass' }, { 'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15' });
    const mails = await mailsTo(db(), 'sf_browsers@example.com', NEW_BROWSER);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('(Safari on macOS)');
    await laptop.post('/api/logout');
    await laptop.post('/api/login', { username: 'sf_browsers', password: 'secret-pass' });
    await new Promise((r) => setTimeout(r, 200));
    expect(await mailsTo(db(), 'sf_browsers@example.com', NEW_BROWSER, 2)).toHaveLength(1);
  });
});
