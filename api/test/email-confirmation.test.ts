import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailTokens, sessions, users } from '../src/db/schema/index.ts';
import { browserClient } from './browser-client.ts';
import { appForThisFile } from './file-app.ts';
import { confirmationToken as confirmationTokenDb, mailsTo as mailsToDb, signedUpMember, sleep } from './sign-up.ts';

const t = appForThisFile();
const client = () => browserClient(t.app.base);
const db = () => t.testDb.db;
const registered = (username: string, extra: Record<string, unknown> = {}) => signedUpMember(t.app.base, db(), username, extra);
const mailsTo = (email: string, subject: RegExp, n = 1) => mailsToDb(db(), email, subject, n);
const confirmationToken = (email: string) => confirmationTokenDb(db(), email);

describe('registration', () => {
  it('creates a free member, signed in at once with the address unconfirmed until the emailed link is opened, and never returns the hash', async () => {
    const c = client();
    const res = await c.post('/api/register', { username: 'Newbie', displayName: 'New Bee', email: 'NewBie@Example.COM', password: 'secret-pass' });
    expect(res).toMatchObject({ status: 201, body: { username: 'Newbie', displayName: 'New Bee', email: 'newbie@example.com', membershipTier: 'free', emailConfirmed: false } });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password/i);
    expect((await c.get('/api/user')).body).toMatchObject({ username: 'Newbie', emailConfirmed: false });
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

  it('answers a sign-up with a registered email exactly as one with a free email, and tells the address owner instead of mailing a link', async () => {
    await registered('Holder');
    const taken = client();
    const free = client();
    const takenRes = await taken.post('/api/register', { username: 'squatter', email: 'HOLDER@example.com', password: 'secret-pass' });
    const freeRes = await free.post('/api/register', { username: 'fresh_one', email: 'fresh_one@example.com', password: 'secret-pass' });
    expect(takenRes.status).toBe(freeRes.status);
    const shape = (b: Record<string, unknown>) => ({ ...b, id: typeof b.id, username: typeof b.username, email: typeof b.email, displayName: typeof b.displayName, memberSince: typeof b.memberSince });
    expect(shape(takenRes.body)).toEqual(shape(freeRes.body));
    expect(takenRes.body).toMatchObject({ email: 'holder@example.com', emailConfirmed: false });
    expect([...takenRes.headers.keys()].sort()).toEqual([...freeRes.headers.keys()].sort());
    // Both are signed in, each as their own new account; the holder's account is untouched.
    expect((await taken.get('/api/user')).body.username).toBe('squatter');
    expect((await free.get('/api/user')).body.username).toBe('fresh_one');
    const told = await mailsTo('holder@example.com', /^Someone tried to sign up with your Better Self address$/);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).not.toMatch(/squatter/);
    expect(await mailsTo('holder@example.com', /^Confirm/, 2)).toHaveLength(1);
    // The holder still signs in by address; the squatter's account can never confirm it.
    expect((await client().post('/api/login', { username: 'holder@example.com', password: 'secret-pass' })).body.username).toBe('Holder');
    // Told at most once an hour, however often someone tries.
    await client().post('/api/register', { username: 'squatter2', email: 'holder@example.com', password: 'secret-pass' });
    await sleep(200);
    expect(await mailsTo('holder@example.com', /^Someone tried/)).toHaveLength(1);
  });

  it('lets only the first of two sign-ups naming one address confirm it', async () => {
    const first = client();
    await first.post('/api/register', { username: 'early_bird', email: 'shared@example.com', password: 'secret-pass' });
    const early = await confirmationToken('shared@example.com');
    const second = client();
    await second.post('/api/register', { username: 'late_bird', email: 'shared@example.com', password: 'secret-pass' });
    await mailsTo('shared@example.com', /^Confirm/, 2);
    const late = await confirmationToken('shared@example.com');
    expect((await second.post('/api/auth/confirm-email', { token: late })).body.emailConfirmed).toBe(true);
    expect(await first.post('/api/auth/confirm-email', { token: early })).toMatchObject({ status: 409, body: { message: 'This email address is already confirmed for another account. Sign in to that account, or reset its password.' } });
    const rows = await db().select().from(users).where(eq(users.email, 'shared@example.com'));
    expect(rows.filter((r) => r.emailConfirmedAt !== null).map((r) => r.username)).toEqual(['late_bird']);
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
    await client().post('/api/register', { username: 'Opener', email: 'rightful@example.com', password: 'opener-pass' });
    await client().post('/api/request-password-reset', { email: 'rightful@example.com' });
    const [mail] = await mailsTo('rightful@example.com', /^Reset your Better Self password$/);
    expect(mail!.text).not.toMatch(/Opener/);
    const m = /\/auth\?reset=([^&\s]+)&user=(\d+)/.exec(mail!.text)!;
    await client().post('/api/reset-password', { token: decodeURIComponent(m[1]!), userId: Number(m[2]), newPassword: 'rightful-pass' });
    const owner = await client().post('/api/login', { username: 'rightful@example.com', password: 'rightful-pass' });
    expect(owner.body.emailConfirmed).toBe(true);
  });
});

describe('names', () => {
  it('refuses names that imitate staff or the site with a clear 400', async () => {
    const message = 'Names that look like staff or the site itself (such as admin, moderator or support) are reserved. Please choose another.';
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
