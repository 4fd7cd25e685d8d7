import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, passwordResetTokens, sessions, users } from '../src/db/schema/index.ts';
import { ensureAccount } from '../src/domain/accounts/ensure-accounts.ts';
import { hashToken as sha256 } from '../src/domain/accounts/sessions.ts';
import { browserClient } from './browser-client.ts';
import { signInStaff } from './second-factor-helpers.ts';
import { startFakeCms } from './fake-cms.ts';
import { sampleRecords } from './fixtures.ts';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { startTestApp, TEST_SECRET } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';
import { confirmationToken, mailsTo as mailsToDb, signedUpMember, sleep } from './sign-up.ts';

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let cms: Awaited<ReturnType<typeof startFakeCms>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
const client = () => browserClient(app.base);
const db = () => testDb.db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  cms = await startFakeCms(sampleRecords(), TEST_SECRET);
  app = await startTestApp({ db: testDb.db, source: createCmsContentSource(cms.url, TEST_SECRET) });
  await ensureAccount(testDb.db, { username: 'Boss', email: 'boss@example.com', password: 'Boss-pass-1', admin: true });
});
afterAll(async () => {
  await app?.close();
  await cms?.close();
  await testDb?.drop();
});

const registered = (username: string, extra: Record<string, unknown> = {}) => signedUpMember(app.base, db(), username, extra);
const mailsTo = (email: string, subject: RegExp, n = 1) => mailsToDb(db(), email, subject, n);

describe('sign-in and sign-out', () => {
  it('signs in by exact username or by email in any case', async () => {
    await registered('Exact');
    expect((await client().post('/api/login', { username: 'Exact', password: 'secret-pass' })).status).toBe(200);
    expect((await client().post('/api/login', { username: 'EXACT@example.com', password: 'secret-pass' })).status).toBe(200);
    const wrongCase = await client().post('/api/login', { username: 'exact', password: 'secret-pass' });
    expect(wrongCase).toMatchObject({ status: 401, body: { message: 'Invalid username or password' } });
  });

  it('answers a wrong-case admin username exactly like a wrong password', async () => {
    const wrongCase = await client().post('/api/login', { username: 'boss', password: 'Boss-pass-1' });
    const wrongPass = await client().post('/api/login', { username: 'Boss', password: 'boss-pass-1' });
    expect(wrongCase.status).toBe(401);
    expect(wrongCase.body).toEqual(wrongPass.body);
  });

  it('rotates the session id at sign-in and ends the old one', async () => {
    const { c } = await registered('Rotator');
    const before = c.cookies.get('sid');
    await c.post('/api/login', { username: 'Rotator', password: 'secret-pass' });
    const after = c.cookies.get('sid');
    expect(after).not.toBe(before);
    const stale = browserClient(app.base);
    stale.cookies.set('sid', before!);
    expect((await stale.get('/api/user')).status).toBe(401);
  });

  it('ends the session on the server at sign-out', async () => {
    const { c } = await registered('Leaver');
    const token = c.cookies.get('sid')!;
    expect((await c.post('/api/logout')).status).toBe(200);
    expect((await c.get('/api/user')).status).toBe(401);
    const replay = browserClient(app.base);
    replay.cookies.set('sid', token);
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('answers 401 to GET /api/user without a session', async () => {
    expect((await client().get('/api/user'))).toMatchObject({ status: 401, body: { message: 'Not authenticated' } });
  });

  it('expires member sessions after 30 idle days and admin sessions 12 hours after sign-in', async () => {
    const member = (await registered('Sleeper')).c;
    await db().update(sessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(sql`${sessions.userId} = (select id from app.users where username = 'Sleeper')`);
    expect((await member.get('/api/user')).status).toBe(401);
    const admin = client();
    await signInStaff(admin, 'Boss', 'Boss-pass-1');
    const [row] = await db().select().from(sessions).where(sql`${sessions.userId} = (select id from app.users where username = 'Boss')`).orderBy(sql`created_at desc`).limit(1);
    const hours = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000;
    expect(Math.round(hours)).toBe(12);
  });

  it('lets the owner list their sessions, named by browser and system, and revoke one', async () => {
    const { c } = await registered('Owner');
    const other = client();
    await other.post('/api/login', { username: 'Owner', password: 'secret-pass' }, { 'user-agent': 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0' });
    const list = (await c.get('/api/sessions')).body;
    expect(list).toHaveLength(2);
    const theirs = list.find((s: { current: boolean }) => !s.current);
    expect(theirs.device).toBe('Firefox on Android');
    expect((await c.delete(`/api/sessions/${theirs.id}`)).status).toBe(204);
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await c.get('/api/user')).status).toBe(200);
    const stranger = (await registered('Stranger')).c;
    const mine = (await c.get('/api/sessions')).body[0].id;
    expect((await stranger.delete(`/api/sessions/${mine}`)).status).toBe(404);
  });
});

describe('sessions of staff', () => {
  it('a moderator signs in and stays signed in, without sliding, for 12 hours from sign-in — also when made staff mid-session', async () => {
    const { c, user } = await registered('Helper');
    await db().update(users).set({ role: 'moderator' }).where(eq(users.id, user.id));
    expect((await c.get('/api/user')).body.role).toBe('moderator');
    const fresh = client();
    expect((await fresh.post('/api/login', { username: 'Helper', password: 'secret-pass' })).status).toBe(200);
    const [row] = await db().select().from(sessions).where(eq(sessions.idHash, sha256(fresh.cookies.get('sid')!)));
    expect(Math.round((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000)).toBe(12);
    // Both sessions began more than 12 hours ago (the member one still has days left): both end.
    await db().update(sessions).set({ createdAt: sql`now() - interval '13 hours'`, lastSeenAt: sql`now() - interval '13 hours'`, expiresAt: sql`now() + interval '20 days'` }).where(eq(sessions.userId, user.id));
    expect((await c.get('/api/user')).status).toBe(401);
    expect((await fresh.get('/api/user')).status).toBe(401);
  });
});

describe('Origin check', () => {
  it('refuses a state-changing call from another site, and allows our own origin', async () => {
    const evil = browserClient(app.base, 'https://evil.example');
    const res = await evil.post('/api/register', { username: 'victim', email: 'victim@example.com', password: 'secret-pass' });
    expect(res).toMatchObject({ status: 403, body: { message: 'Cross-origin request refused.' } });
    const crossSite = await client().post('/api/logout', undefined, { origin: '', 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect((await client().post('/api/logout')).status).toBe(200);
  });
});

describe('password reset', () => {
  const RESET = /^Reset your Better Self password$/;
  async function resetLinkFor(email: string) {
    const mail = (await mailsTo(email, RESET)).at(-1)!;
    const m = /\/auth\?reset=([^&\s]+)&user=(\d+)/.exec(mail.text)!;
    return { token: decodeURIComponent(m[1]!), userId: Number(m[2]) };
  }

  it('answers the same whether or not the account exists, and never returns the token', async () => {
    await registered('Forgetful');
    const known = await client().post('/api/request-password-reset', { email: 'FORGETFUL@example.com' });
    const unknown = await client().post('/api/request-password-reset', { email: 'nobody@example.com' });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(Object.keys(known.body)).toEqual(['message']);
    const { token } = await resetLinkFor('forgetful@example.com');
    expect(JSON.stringify(known.body)).not.toContain(token);
    const stored = await db().select().from(passwordResetTokens);
    expect(stored.some((t) => t.tokenHash === token)).toBe(false);
  });

  it('sets the new password with the emailed link, once, and ends every session', async () => {
    const { c } = await registered('Resetter');
    await client().post('/api/request-password-reset', { email: 'resetter@example.com' });
    const link = await resetLinkFor('resetter@example.com');
    const ok = await client().post('/api/reset-password', { ...link, newPassword: 'brand-new-pass' });
    expect(ok.status).toBe(200);
    expect((await c.get('/api/user')).status).toBe(401);
    expect((await client().post('/api/login', { username: 'Resetter', password: 'brand-new-pass' })).status).toBe(200);
    const reused = await client().post('/api/reset-password', { ...link, newPassword: 'another-pass' });
    expect(reused).toMatchObject({ status: 400, body: { message: 'This password reset link is invalid or has expired. Please request a new one.' } });
  });

  it('refuses an expired token and a token for another user', async () => {
    await registered('Late');
    await client().post('/api/request-password-reset', { email: 'late@example.com' });
    const link = await resetLinkFor('late@example.com');
    expect((await client().post('/api/reset-password', { ...link, userId: link.userId + 1000, newPassword: 'whatever-1' })).status).toBe(400);
    await db().update(passwordResetTokens).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(passwordResetTokens.userId, link.userId));
    expect((await client().post('/api/reset-password', { ...link, newPassword: 'whatever-1' })).status).toBe(400);
  });

  it('sends at most 4 reset mails an hour per address', async () => {
    await registered('Spammed');
    for (let i = 0; i < 6; i++) expect((await client().post('/api/request-password-reset', { email: 'spammed@example.com' })).status).toBe(200);
    await sleep(200);
    expect(await mailsTo('spammed@example.com', RESET, 5)).toHaveLength(4);
  });
});

describe('admin: users and account status', () => {
  async function adminClient() {
    const c = client();
    await signInStaff(c, 'Boss', 'Boss-pass-1');
    return c;
  }

  it('lists users, searchable and paginated, to admins only', async () => {
    const { c: member } = await registered('Searchable');
    expect((await member.get('/api/admin/users')).status).toBe(403);
    expect((await client().get('/api/admin/users')).status).toBe(401);
    const admin = await adminClient();
    const page = (await admin.get('/api/admin/users?search=searchab&pageSize=5')).body;
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 5 });
    expect(page.users[0]).toMatchObject({ username: 'Searchable', moderationNotes: null });
    expect(JSON.stringify(page)).not.toMatch(/argon2/);
    expect((await admin.get('/api/admin/users?pageSize=1000')).status).toBe(400);
  });

  it('suspends a member: their open session stops working, they cannot sign in, and it is audited', async () => {
    const { c: member, user } = await registered('Troublemaker');
    const admin = await adminClient();
    const res = await admin.post(`/api/admin/users/${user.id}/status`, { status: 'suspended', reason: 'harassment', notes: 'Repeated insults in chat' });
    expect(res.body).toMatchObject({ accountStatus: 'suspended', lastStatusReason: 'harassment', moderationNotes: 'Repeated insults in chat' });
    expect((await member.get('/api/user')).status).toBe(401);
    const again = await client().post('/api/login', { username: 'Troublemaker', password: 'secret-pass' });
    expect(again).toMatchObject({ status: 403, body: { message: 'Your account has been suspended. Please contact support.' } });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.targetUserId, user.id));
    expect(entry).toMatchObject({ action: 'user.status_changed', details: { from: 'active', to: 'suspended', reason: 'harassment' } });
    await admin.post(`/api/admin/users/${user.id}/status`, { status: 'active' });
    expect((await client().post('/api/login', { username: 'Troublemaker', password: 'secret-pass' })).status).toBe(200);
  });

  it('refuses bad statuses, unknown users, members and self-changes', async () => {
    const { c: member, user } = await registered('Bystander');
    const admin = await adminClient();
    expect((await admin.post(`/api/admin/users/${user.id}/status`, { status: 'exiled' })).status).toBe(400);
    expect((await admin.post('/api/admin/users/999999/status', { status: 'banned' })).status).toBe(404);
    expect((await member.post(`/api/admin/users/${user.id}/status`, { status: 'active' })).status).toBe(403);
    const [boss] = await db().select().from(users).where(eq(users.username, 'Boss'));
    expect((await admin.post(`/api/admin/users/${boss!.id}/status`, { status: 'banned' })).body.message).toBe('You cannot change your own account status.');
  });
});

describe('tier gating with real sessions', () => {
  it('gives each tier exactly the articles at or below it', async () => {
    const { c: free } = await registered('Reader');
    const asFree = await Promise.all([1, 2, 3].map((id) => free.get(`/api/articles/${id}`)));
    expect(asFree.map((r) => r.body.locked)).toEqual([false, true, true]);
    expect(JSON.stringify(asFree.map((r) => r.body))).not.toMatch(/SECRET-BODY-[23]/);
    await db().update(users).set({ membershipTier: 'pro' }).where(eq(users.username, 'Reader'));
    const asPro = await Promise.all([1, 2, 3].map((id) => free.get(`/api/articles/${id}`)));
    expect(asPro.map((r) => r.body.locked)).toEqual([false, false, true]);
    await db().update(users).set({ membershipTier: 'vip' }).where(eq(users.username, 'Reader'));
    expect((await free.get('/api/articles/3')).body).toMatchObject({ locked: false, content: '<p>SECRET-BODY-3</p>' });
    const admin = client();
    await signInStaff(admin, 'Boss', 'Boss-pass-1');
    expect((await admin.get('/api/articles/3')).body.locked).toBe(false);
  });
});

describe('cookies behind https', () => {
  it('are Secure and carry the __Host- prefix', async () => {
    const secureApp = await startTestApp({ db: testDb.db, source: createCmsContentSource(cms.url, TEST_SECRET), overrides: { core: { publicUrl: 'https://members.example' } } });
    try {
      const c = browserClient(secureApp.base, 'https://members.example');
      expect((await c.post('/api/register', { username: 'secure_one', email: 'secure@example.com', password: 'secret-pass' })).status).toBe(201);
      expect((await c.post('/api/auth/confirm-email', { token: await confirmationToken(db(), 'secure@example.com') })).status).toBe(200);
      const sid = c.setCookieHeaders().find((h) => h.startsWith('__Host-sid='))!;
      expect(sid).toMatch(/; Secure/);
      expect(sid).toMatch(/; HttpOnly/);
      expect(sid).toMatch(/; Path=\//);
      expect(sid).not.toMatch(/Domain=/i);
      expect((await c.get('/api/user')).body.username).toBe('secure_one');
    } finally {
      await secureApp.close();
    }
  });
});
