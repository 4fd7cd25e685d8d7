import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authChallenges, totpFactors } from '../src/db/schema/index.ts';
import { browserClient } from './browser-client.ts';
import { appForThisFile } from './file-app.ts';
import { enrolTotp, totpCode } from './second-factor-helpers.ts';
import { mailsTo, signedUpMember } from './sign-up.ts';

const t = appForThisFile();
const db = () => t.testDb.db;
const member = (username: string) => signedUpMember(t.app.base, db(), username);
const signIn = (username: string, password = 'secret-pass', headers?: Record<string, string>) => {
  const c = browserClient(t.app.base);
  return c.post('/api/login', { username, password }, headers).then((res) => ({ c, res }));
};

describe('setting up an authenticator app', () => {
  it('draws the QR code itself, confirms with a typed code, and shows 10 recovery codes once', async () => {
    const { c } = await member('totp_setup');
    const setup = await c.post('/api/profile/security/totp');
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/Better%20Self:totp_setup\?/);
    const svg = Buffer.from(setup.body.qrCode.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString();
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect((await c.get('/api/profile/security')).body.totp).toEqual({ enabled: false, enabledAt: null });

    const wrong = await c.post('/api/profile/security/totp/confirm', { code: '000000' === (await totpCode(setup.body.secret)) ? '111111' : '000000' });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'bad_request' } });
    const confirmed = await c.post('/api/profile/security/totp/confirm', { code: await totpCode(setup.body.secret) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    for (const code of confirmed.body.recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

    const overview = (await c.get('/api/profile/security')).body;
    expect(overview).toMatchObject({ totp: { enabled: true }, recoveryCodesLeft: 10, passkeys: [], required: false });
    expect(overview.verifiedAt).not.toBeNull();
    expect(JSON.stringify(overview)).not.toContain(setup.body.secret);
    // Stored sealed: the database holds no readable secret.
    const [row] = await db().select().from(totpFactors).where(sql`${totpFactors.confirmedAt} is not null`);
    expect(row!.secret).not.toContain(setup.body.secret);
    expect((await c.post('/api/profile/security/totp')).status).toBe(409);
    expect(await mailsTo(db(), 'totp_setup@example.com', /^An authenticator app was set up for your Better Self account$/)).toHaveLength(1);
  });
});

describe('signing in with an authenticator app', () => {
  it('asks for the second step after the password and starts no session until it is passed', async () => {
    const { c: first } = await member('totp_signin');
    const { secret, usedCode } = await enrolTotp(first);
    const { c, res } = await signIn('totp_signin');
    expect(res).toMatchObject({ status: 200, body: { secondFactorRequired: true, methods: ['totp', 'recovery-code'] } });
    expect(res.body.id).toBeUndefined();
    expect((await c.get('/api/user')).status).toBe(401);
    // The code the setup used is spent; the next one works, once.
    expect((await c.post('/api/login/second-factor', { code: usedCode })).status).toBe(401);
    const next = await totpCode(secret, 1);
    const passed = await c.post('/api/login/second-factor', { code: next });
    expect(passed).toMatchObject({ status: 200, body: { username: 'totp_signin' } });
    expect((await c.get('/api/user')).status).toBe(200);
    const again = await signIn('totp_signin');
    expect((await again.c.post('/api/login/second-factor', { code: next })).status).toBe(401);
  });

  it('takes a recovery code once, and mails the member', async () => {
    const { c: first } = await member('totp_recovery');
    const { recoveryCodes } = await enrolTotp(first);
    const { c } = await signIn('totp_recovery');
    expect((await c.post('/api/login/second-factor', { code: recoveryCodes[3]!.toUpperCase() })).status).toBe(200);
    const later = await signIn('totp_recovery');
    expect(await later.c.post('/api/login/second-factor', { code: recoveryCodes[3] })).toMatchObject({ status: 401, body: { code: 'unauthorized', message: "That code isn't right. Please try again." } });
    const mails = await mailsTo(db(), 'totp_recovery@example.com', /^A recovery code was used on your Better Self account$/);
    expect(mails[0]!.text).toContain('you have 9 left');
    expect((await c.get('/api/profile/security')).body.recoveryCodesLeft).toBe(9);
  });

  it('counts wrong codes toward the sign-in throttle', async () => {
    const { c: first } = await member('totp_guessed');
    await enrolTotp(first);
    const from = { 'x-forwarded-for': '203.0.113.77' };
    const { c } = await signIn('totp_guessed', 'secret-pass', from);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await c.post('/api/login/second-factor', { code: 'aaaaa-bbbbb' }, from)).status);
    expect(statuses.slice(0, 7)).toEqual(Array(7).fill(401));
    expect(statuses).toContain(429);
  });

  it('refuses a second step without a live pending sign-in, and a malformed code, in the error shape', async () => {
    const { c: first } = await member('totp_expired');
    const { secret } = await enrolTotp(first);
    const stranger = browserClient(t.app.base);
    expect(await stranger.post('/api/login/second-factor', { code: await totpCode(secret, 1) })).toMatchObject({ status: 401, body: { code: 'unauthorized', message: 'Your sign-in has expired. Please enter your password again.' } });
    const { c } = await signIn('totp_expired');
    expect(await c.post('/api/login/second-factor', { code: 'DROP TABLE' })).toMatchObject({ status: 400, body: { code: 'bad_request' } });
    expect((await c.post('/api/login/second-factor', {})).status).toBe(400);
    await db().update(authChallenges).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(authChallenges.purpose, 'second-step'));
    expect((await c.post('/api/login/second-factor', { code: await totpCode(secret, 1) })).status).toBe(401);
    expect((await c.get('/api/user')).status).toBe(401);
  });
});

describe('turning the authenticator app off', () => {
  it('needs the password and a recent second factor, then signs in with the password alone', async () => {
    const { c } = await member('totp_off');
    await enrolTotp(c);
    expect(await c.delete('/api/profile/security/totp', { currentPassword: 'wrong-pass' })).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    await db().execute(sql`update app.sessions set second_factor_at = now() - interval '11 minutes'`);
    expect(await c.delete('/api/profile/security/totp', { currentPassword: 'secret-pass' })).toMatchObject({ status: 403, body: { code: 'second_factor_required' } });
    await db().execute(sql`update app.sessions set second_factor_at = now()`);
    expect((await c.delete('/api/profile/security/totp', { currentPassword: 'secret-pass' })).status).toBe(200);
    expect((await c.get('/api/profile/security')).body).toMatchObject({ totp: { enabled: false }, recoveryCodesLeft: 0 });
    expect((await signIn('totp_off')).res.body).toMatchObject({ username: 'totp_off' });
    expect(await mailsTo(db(), 'totp_off@example.com', /^A second factor was removed from your Better Self account$/)).toHaveLength(1);
  });

  it('regenerates recovery codes: the old ones stop working', async () => {
    const { c } = await member('totp_regen');
    const { recoveryCodes } = await enrolTotp(c);
    const fresh = await c.post('/api/profile/security/recovery-codes');
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    const { c: other } = await signIn('totp_regen');
    expect((await other.post('/api/login/second-factor', { code: recoveryCodes[0] })).status).toBe(401);
    expect((await other.post('/api/login/second-factor', { code: fresh.body.recoveryCodes[0] })).status).toBe(200);
  });
});
