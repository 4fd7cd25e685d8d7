import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailTokens, mailOutbox, passwordResetTokens, sessions, throttleEvents, users } from '../src/db/schema/index.ts';
import { ensureAccount } from '../src/domain/accounts/ensure-accounts.ts';
import { hashToken as sha256 } from '../src/domain/accounts/sessions.ts';
import { browserClient } from './browser-client.ts';
import { startFakeCms } from './fake-cms.ts';
import { sampleRecords } from './fixtures.ts';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { startTestApp, TEST_SECRET } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

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

const HOUR_AGO = sql`now() - interval '61 minutes'`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The mails to an address (sign-up and reset mail go out after the answer, so wait for them). */
async function mailsTo(email: string, subject: RegExp, n = 1) {
  let rows: (typeof mailOutbox.$inferSelect)[] = [];
  for (let i = 0; i < 50; i++) {
    rows = (await db().select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.id)).filter((m) => subject.test(m.subject));
    if (rows.length >= n) break;
    await sleep(20);
  }
  return rows;
}

/** The token of the newest confirmation link mailed to an address. */
async function confirmationToken(email: string): Promise<string> {
  const mails = await mailsTo(email, /^Confirm your Better Self email address$/);
  const link = /\/auth\?confirm-token=(\S+)/.exec(mails.at(-1)!.text)!;
  return decodeURIComponent(link[1]!);
}

/** A new member who has signed up and opened the emailed link: signed in, address confirmed. */
async function registered(username: string, extra: Record<string, unknown> = {}) {
  const c = client();
  const email = String(extra.email ?? `${username}@example.com`).toLowerCase();
  const res = await c.post('/api/register', { username, email, password: 'secret-pass', ...extra });
  expect(res.status).toBe(202);
  const confirmed = await c.post('/api/auth/confirm-email', { token: await confirmationToken(email) });
  expect(confirmed.status).toBe(200);
  return { c, user: confirmed.body };
}

describe('registration', () => {
  it('creates a free member, signed in once they open the emailed link, and never returns the hash', async () => {
    const c = client();
    const res = await c.post('/api/register', { username: 'Newbie', displayName: 'New Bee', email: 'NewBie@Example.COM', password: 'secret-pass' });
    expect(res).toMatchObject({ status: 202, body: { message: 'Check your email: we sent you a link to confirm your address and finish signing up. It works for 24 hours.' } });
    expect(c.cookies.size).toBe(0);
    expect((await c.get('/api/user')).status).toBe(401);
    const confirmed = await c.post('/api/auth/confirm-email', { token: await confirmationToken('newbie@example.com') });
    expect(confirmed.body).toMatchObject({ username: 'Newbie', displayName: 'New Bee', email: 'newbie@example.com', membershipTier: 'free', isAdmin: false, accountStatus: 'active', emailConfirmed: true });
    expect(JSON.stringify(confirmed.body)).not.toMatch(/argon2|password/i);
    expect((await c.get('/api/user')).body.username).toBe('Newbie');
  });

  it('sets an HttpOnly, SameSite=Lax session cookie holding a 256-bit id stored only as a hash', async () => {
    const { c } = await registered('cookie_check');
    const header = c.setCookieHeaders().find((h) => h.startsWith('sid='))!;
    expect(header).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    const token = c.cookies.get('sid')!;
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    const rows = await db().select().from(sessions);
    expect(rows.some((r) => r.idHash === token)).toBe(false);
  });

  it('refuses a username taken in any case', async () => {
    await registered('CaseName');
    const dup = await client().post('/api/register', { username: 'casename', email: 'other@example.com', password: 'secret-pass' });
    expect(dup).toMatchObject({ status: 409, body: { message: 'Username already exists' } });
  });

  it('answers a sign-up with a registered email exactly as one with a free email, signs nobody in, and tells the address owner', async () => {
    await registered('Holder');
    const taken = client();
    const free = client();
    const takenRes = await taken.post('/api/register', { username: 'squatter', email: 'HOLDER@example.com', password: 'secret-pass' });
    const freeRes = await free.post('/api/register', { username: 'fresh_one', email: 'fresh_one@example.com', password: 'secret-pass' });
    expect(takenRes.status).toBe(freeRes.status);
    expect(takenRes.body).toEqual(freeRes.body);
    expect([...takenRes.headers.keys()].sort()).toEqual([...freeRes.headers.keys()].sort());
    expect(taken.cookies.size + free.cookies.size).toBe(0);
    expect(await db().select().from(users).where(eq(users.username, 'squatter'))).toHaveLength(0);
    const told = await mailsTo('holder@example.com', /^Someone tried to sign up with your Better Self address$/);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).not.toMatch(/squatter/);
    // Told at most once an hour, however often someone tries.
    await client().post('/api/register', { username: 'squatter2', email: 'holder@example.com', password: 'secret-pass' });
    await sleep(200);
    expect(await mailsTo('holder@example.com', /^Someone tried/)).toHaveLength(1);
  });

  it('checks every field rule of the spec and ignores unknown fields', async () => {
    const bad = [
      [{ username: 'ab', email: 'a@b.co', password: 'secret-pass' }, 'username: Username must be at least 3 characters'],
      [{ username: 'has space', email: 'a@b.co', password: 'secret-pass' }, 'username: Username may contain only letters, numbers, underscores and hyphens'],
      [{ username: 'okname', email: 'not-an-email', password: 'secret-pass' }, 'email: Please enter a valid email address'],
      [{ username: 'okname', email: 'a@b.co', password: '12345' }, 'password: Password must be at least 6 characters'],
      [{ username: 'okname', email: 'a@b.co', password: 'x'.repeat(101) }, 'password: Password must be at most 100 characters'],
      [{ username: 'okname', email: 'a@b.co', password: 'secret-pass', displayName: 'd'.repeat(51) }, 'displayName: Display name must be at most 50 characters'],
    ] as const;
    for (const [body, message] of bad) {
      const res = await client().post('/api/register', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const { user } = await registered('sneaky', { role: 'admin', membershipTier: 'vip', isAdmin: true, emailConfirmed: true });
    expect(user).toMatchObject({ role: 'member', membershipTier: 'free', isAdmin: false });
  });
});

describe('confirming the email address', () => {
  it('uses a link once, within 24 hours, and only its newest one', async () => {
    const c = client();
    await c.post('/api/register', { username: 'Linker', email: 'linker@example.com', password: 'secret-pass' });
    const first = await confirmationToken('linker@example.com');
    const stored = await db().select().from(emailTokens);
    expect(stored.some((t) => t.tokenHash === first)).toBe(false);
    expect(stored.find((t) => t.email === 'linker@example.com')).toMatchObject({ purpose: 'confirm' });
    // Signed in before confirming, the member may ask for a new link; the old one stops working.
    const member = client();
    const signedIn = await member.post('/api/login', { username: 'Linker', password: 'secret-pass' });
    expect(signedIn.body.emailConfirmed).toBe(false);
    expect((await member.post('/api/auth/resend-confirmation')).body.message).toBe('We sent a new confirmation link to linker@example.com. It works for 24 hours.');
    await mailsTo('linker@example.com', /^Confirm/, 2);
    const second = await confirmationToken('linker@example.com');
    expect(second).not.toBe(first);
    const invalid = { status: 400, body: { message: 'This confirmation link is invalid, already used or expired. Sign in to ask for a new one.' } };
    expect(await c.post('/api/auth/confirm-email', { token: first })).toMatchObject(invalid);
    expect((await c.post('/api/auth/confirm-email', { token: second })).body.emailConfirmed).toBe(true);
    const confirmedAlready = { status: 409, body: { message: 'Your email address is already confirmed. Please sign in.' } };
    expect(await c.post('/api/auth/confirm-email', { token: second })).toMatchObject(confirmedAlready);
    expect(await c.post('/api/auth/confirm-email', { token: first })).toMatchObject(confirmedAlready);
    expect(await c.post('/api/auth/confirm-email', { token: 'made-up' })).toMatchObject(invalid);
    expect((await member.get('/api/user')).body.emailConfirmed).toBe(true);
    expect(await member.post('/api/auth/resend-confirmation')).toMatchObject({ status: 409, body: { message: 'Your email address is already confirmed.' } });
  });

  it('refuses an expired link', async () => {
    await client().post('/api/register', { username: 'Slowpoke', email: 'slowpoke@example.com', password: 'secret-pass' });
    const token = await confirmationToken('slowpoke@example.com');
    await db().update(emailTokens).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(emailTokens.email, 'slowpoke@example.com'));
    expect((await client().post('/api/auth/confirm-email', { token })).status).toBe(400);
    const [row] = await db().select().from(users).where(eq(users.username, 'Slowpoke'));
    expect(row!.emailConfirmedAt).toBeNull();
  });

  it('sends at most 3 new links an hour, and only to a signed-in member', async () => {
    expect((await client().post('/api/auth/resend-confirmation')).status).toBe(401);
    await client().post('/api/register', { username: 'Impatient', email: 'impatient@example.com', password: 'secret-pass' });
    const member = client();
    await member.post('/api/login', { username: 'Impatient', password: 'secret-pass' });
    for (let i = 0; i < 3; i++) expect((await member.post('/api/auth/resend-confirmation')).status).toBe(200);
    const refused = await member.post('/api/auth/resend-confirmation');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^You can ask for another confirmation email in \d+ minutes\.$/);
    expect(await mailsTo('impatient@example.com', /^Confirm/, 4)).toHaveLength(4);
  });

  it('a password reset confirms the address, so its owner can take back an account someone opened with it', async () => {
    await client().post('/api/register', { username: 'Squatter', email: 'rightful@example.com', password: 'squatter-pass' });
    await client().post('/api/request-password-reset', { email: 'rightful@example.com' });
    const [mail] = await mailsTo('rightful@example.com', /^Reset your Better Self password$/);
    expect(mail!.text).not.toMatch(/Squatter/);
    const m = /\/auth\?reset=([^&\s]+)&user=(\d+)/.exec(mail!.text)!;
    await client().post('/api/reset-password', { token: decodeURIComponent(m[1]!), userId: Number(m[2]), newPassword: 'rightful-pass' });
    const owner = await client().post('/api/login', { username: 'rightful@example.com', password: 'rightful-pass' });
    expect(owner.body.emailConfirmed).toBe(true);
  });
});

describe('names', () => {
  it('refuses names that imitate staff or the site with a clear 400', async () => {
    const message = 'Names that look like staff or the site (such as admin, moderator, support or Better Self) are reserved. Please choose another.';
    for (const [field, value] of [['username', 'Site_Admin'], ['username', 'M0derator'], ['displayName', 'Mod Sam'], ['displayName', 'Better\u200bSelf Support'], ['displayName', 'Аdmin']] as const) {
      const res = await client().post('/api/register', { username: 'honest_name', email: 'honest@example.com', password: 'secret-pass', [field]: value });
      expect([value, res.status, res.body.message]).toEqual([value, 400, `${field}: ${message}`]);
    }
  });

  it('stores display names without invisible, bidi or control characters', async () => {
    const { user } = await registered('Tidy', { displayName: ' \u202eTi\u200bdy\u202c\nTom\u2066 ' });
    expect(user.displayName).toBe('Tidy Tom');
  });

});

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
    await admin.post('/api/login', { username: 'Boss', password: 'Boss-pass-1' });
    const [row] = await db().select().from(sessions).where(sql`${sessions.userId} = (select id from app.users where username = 'Boss')`).orderBy(sql`created_at desc`).limit(1);
    const hours = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000;
    expect(Math.round(hours)).toBe(12);
  });

  it('lets the owner list their sessions and revoke one', async () => {
    const { c } = await registered('Owner');
    const other = client();
    await other.post('/api/login', { username: 'Owner', password: 'secret-pass' });
    const list = (await c.get('/api/sessions')).body;
    expect(list).toHaveLength(2);
    const theirs = list.find((s: { current: boolean }) => !s.current);
    expect((await c.delete(`/api/sessions/${theirs.id}`)).status).toBe(204);
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await c.get('/api/user')).status).toBe(200);
    const stranger = (await registered('Stranger')).c;
    const mine = (await c.get('/api/sessions')).body[0].id;
    expect((await stranger.delete(`/api/sessions/${mine}`)).status).toBe(404);
  });
});

describe('throttling sign-in', () => {
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const signIn = (username: string, password: string, address: string) => client().post('/api/login', { username, password }, from(address));

  it('makes a member wait after 8 failed tries, with a Retry-After', async () => {
    await registered('Guessed');
    for (let i = 0; i < 8; i++) expect((await client().post('/api/login', { username: 'Guessed', password: 'wrong' })).status).toBe(401);
    const blocked = await client().post('/api/login', { username: 'Guessed', password: 'secret-pass' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many sign-in attempts\. Please wait \d+ seconds? and try again\./);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('gives staff only 4 free tries', async () => {
    await ensureAccount(db(), { username: 'Boss2', email: 'boss2@example.com', password: 'Boss-pass-2', admin: true });
    for (let i = 0; i < 4; i++) await client().post('/api/login', { username: 'Boss2', password: 'nope' });
    expect((await client().post('/api/login', { username: 'Boss2', password: 'Boss-pass-2' })).status).toBe(429);
  });

  it('wrong passwords from one address are throttled, for that account and then for every account', async () => {
    await registered('Targeted');
    for (let i = 0; i < 8; i++) expect((await signIn('Targeted', 'wrong', '203.0.113.50')).status).toBe(401);
    expect((await signIn('Targeted', 'secret-pass', '203.0.113.50')).status).toBe(429);
    expect((await signIn('Targeted', 'secret-pass', '203.0.113.51')).status).toBe(200);
    // One address trying many accounts meets the address's own limit (30 free tries in all).
    for (let i = 0; i < 22; i++) expect((await signIn(`nobody_${i}`, 'wrong', '203.0.113.50')).status).toBe(401);
    expect((await signIn('Boss', 'Boss-pass-1', '203.0.113.50')).status).toBe(429);
  });

  it('a correct password from a clean address signs in while the account is under attack from another address', async () => {
    await registered('Besieged');
    // 60 wrong passwords from 12 addresses: more than any per-account lock used to allow.
    for (let n = 0; n < 12; n++) {
      const tries = await Promise.all(Array.from({ length: 5 }, () => signIn('Besieged', 'wrong', `198.51.100.${n}`)));
      expect(tries.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    }
    expect((await signIn('Besieged', 'secret-pass', '192.0.2.77')).status).toBe(200);
    // An admin under the same attack still gets in from a clean address.
    for (let n = 0; n < 12; n++) await Promise.all(Array.from({ length: 4 }, () => signIn('Boss', 'wrong', `198.51.100.${n}`)));
    expect((await signIn('Boss', 'Boss-pass-1', '192.0.2.78')).status).toBe(200);
  });

  it('tells the member by mail, at most once an hour, when their account sees many failed sign-ins', async () => {
    await registered('Watched');
    const subject = /^Many failed sign-ins to your Better Self account$/;
    for (let n = 0; n < 4; n++) await Promise.all(Array.from({ length: 5 }, () => signIn('Watched', 'wrong', `198.51.101.${n}`)));
    await sleep(200);
    expect(await mailsTo('watched@example.com', subject, 0)).toHaveLength(0);
    for (let n = 4; n < 8; n++) await Promise.all(Array.from({ length: 5 }, () => signIn('Watched', 'wrong', `198.51.101.${n}`)));
    const told = await mailsTo('watched@example.com', subject);
    expect(told).toHaveLength(1);
    await sleep(200);
    expect(await mailsTo('watched@example.com', subject, 2)).toHaveLength(1);
    // An hour later, a new wave is told again.
    await db().update(throttleEvents).set({ at: HOUR_AGO }).where(sql`${throttleEvents.key} like '%:' || (select id from app.users where username = 'Watched')`);
    for (let n = 8; n < 13; n++) await Promise.all(Array.from({ length: 5 }, () => signIn('Watched', 'wrong', `198.51.101.${n}`)));
    expect(await mailsTo('watched@example.com', subject, 2)).toHaveLength(2);
  });

  it('sends no sign-in warning to an address that was never confirmed', async () => {
    await client().post('/api/register', { username: 'Unconfirmed', email: 'unconfirmed@example.com', password: 'secret-pass' });
    for (let n = 0; n < 5; n++) await Promise.all(Array.from({ length: 5 }, () => signIn('Unconfirmed', 'wrong', `198.51.102.${n}`)));
    await sleep(300);
    expect(await mailsTo('unconfirmed@example.com', /^Many failed/, 0)).toHaveLength(0);
  });

  it('forgets failures after the wait and clears them on success, so nobody is locked out for good', async () => {
    await registered('Patient');
    for (let i = 0; i < 8; i++) await client().post('/api/login', { username: 'Patient', password: 'wrong' });
    // The wait has passed: move the failures back in time instead of sleeping.
    await db().update(throttleEvents).set({ at: sql`now() - interval '5 minutes'` }).where(sql`${throttleEvents.key} like 'login:%patient%'`);
    expect((await client().post('/api/login', { username: 'Patient', password: 'secret-pass' })).status).toBe(200);
    const left = await db().select().from(throttleEvents).where(sql`${throttleEvents.key} like 'login:account-ip:patient:%'`);
    expect(left).toHaveLength(0);
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
    expect((await c.post('/api/login', { username: 'Boss', password: 'Boss-pass-1' })).status).toBe(200);
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
    await admin.post('/api/login', { username: 'Boss', password: 'Boss-pass-1' });
    expect((await admin.get('/api/articles/3')).body.locked).toBe(false);
  });
});

describe('cookies behind https', () => {
  it('are Secure and carry the __Host- prefix', async () => {
    const secureApp = await startTestApp({ db: testDb.db, source: createCmsContentSource(cms.url, TEST_SECRET), overrides: { publicUrl: 'https://members.example' } });
    try {
      const c = browserClient(secureApp.base, 'https://members.example');
      expect((await c.post('/api/register', { username: 'secure_one', email: 'secure@example.com', password: 'secret-pass' })).status).toBe(202);
      expect((await c.post('/api/auth/confirm-email', { token: await confirmationToken('secure@example.com') })).status).toBe(200);
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
