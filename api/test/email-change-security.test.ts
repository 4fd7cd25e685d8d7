import { describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_LINK_INVALID, EMAIL_CHANGE_OTHER_ACCOUNT, EMAIL_CHANGE_SIGN_IN } from '../src/domain/profile/confirm-email-change.ts';
import { browserClient } from './browser-client.ts';
import { appForThisFile } from './file-app.ts';
import { mailsTo } from './sign-up.ts';

const t = appForThisFile();

/**
 * Someone who once knew a member's password (a shared laptop, a leaked password) signs in and asks
 * to move the account to their own address. The owner's documented recovery must void that link.
 */
async function stolenChange(username: string) {
  const owner = await t.member(username);
  const thief = browserClient(t.app.base);
  expect((await thief.post('/api/login', { username, password: 'pass-word-1' })).status).toBe(200);
  const newEmail = `${username}.thief@evil.example`;
  expect((await thief.post('/api/profile/email', { currentPassword: 'pass-word-1', newEmail })).status).toBe(200);
  const mails = await mailsTo(t.testDb.db, newEmail, /^Confirm your new Better Self email address$/);
  const token = decodeURIComponent(/email-token=(\S+)/.exec(mails.at(-1)!.text)![1]!);
  return { owner, thief, token, email: `${username}@example.com` };
}

describe('a pending email change does not outlive the owner taking the account back', () => {
  it('is voided by a password change', async () => {
    const { owner, thief, token, email } = await stolenChange('ec_pw_change');
    expect((await owner.post('/api/profile/password', { currentPassword: 'pass-word-1', newPassword: 'owner-again-2' })).status).toBe(200);
    expect((await thief.get('/api/user')).status).toBe(401);

    const res = await owner.post('/api/profile/email/confirm', { token });
    expect([res.status, res.body.message]).toEqual([400, EMAIL_CHANGE_LINK_INVALID]);
    expect((await owner.get('/api/user')).body.email).toBe(email);
  });

  it('is voided by a password reset', async () => {
    const { token, email } = await stolenChange('ec_reset');
    await browserClient(t.app.base).post('/api/request-password-reset', { email });
    const mail = (await mailsTo(t.testDb.db, email, /^Reset your Better Self password$/)).at(-1)!;
    const m = /\/auth\?reset=([^&\s]+)&user=(\d+)/.exec(mail.text)!;
    expect((await browserClient(t.app.base).post('/api/reset-password', { token: decodeURIComponent(m[1]!), userId: Number(m[2]), newPassword: 'owner-again-2' })).status).toBe(200);

    const owner = browserClient(t.app.base);
    expect((await owner.post('/api/login', { username: 'ec_reset', password: 'owner-again-2' })).status).toBe(200);
    const res = await owner.post('/api/profile/email/confirm', { token });
    expect([res.status, res.body.message]).toEqual([400, EMAIL_CHANGE_LINK_INVALID]);
    expect((await owner.get('/api/user')).body.email).toBe(email);
  });

  it('is voided by signing out everywhere else, which keeps this browser signed in', async () => {
    const { owner, thief, token, email } = await stolenChange('ec_sign_out');
    const signedOut = await owner.delete('/api/sessions');
    expect([signedOut.status, signedOut.body.message]).toEqual([200, 'Every other device has been signed out.']);
    expect((await thief.get('/api/user')).status).toBe(401);
    expect((await owner.get('/api/sessions')).body).toHaveLength(1);

    const res = await owner.post('/api/profile/email/confirm', { token });
    expect([res.status, res.body.message]).toEqual([400, EMAIL_CHANGE_LINK_INVALID]);
    expect((await owner.get('/api/user')).body.email).toBe(email);
  });

  it('is not voided by signing out one other device: only taking the account back does that', async () => {
    const owner = await t.member('ec_one_device');
    expect((await owner.post('/api/profile/email', { currentPassword: 'pass-word-1', newEmail: 'ec.one.device@example.org' })).status).toBe(200);
    const phone = browserClient(t.app.base);
    await phone.post('/api/login', { username: 'ec_one_device', password: 'pass-word-1' });
    const phoneId = ((await owner.get('/api/sessions')).body as { id: string; current: boolean }[]).find((s) => !s.current)!.id;
    expect((await owner.delete(`/api/sessions/${phoneId}`)).status).toBe(204);

    const mails = await mailsTo(t.testDb.db, 'ec.one.device@example.org', /^Confirm your new Better Self email address$/);
    const token = decodeURIComponent(/email-token=(\S+)/.exec(mails.at(-1)!.text)![1]!);
    expect((await owner.post('/api/profile/email/confirm', { token })).status).toBe(200);
  });
});

describe('confirming a new address needs the account’s own signed-in browser', () => {
  it('refuses a signed-out browser and another account’s session, spending nothing, then works for the owner', async () => {
    const { owner, token, email } = await stolenChange('ec_whose');
    const stranger = await t.member('ec_stranger');

    const signedOut = await browserClient(t.app.base).post('/api/profile/email/confirm', { token });
    expect([signedOut.status, signedOut.body.message]).toEqual([401, EMAIL_CHANGE_SIGN_IN]);
    const other = await stranger.post('/api/profile/email/confirm', { token });
    expect([other.status, other.body.message]).toEqual([403, EMAIL_CHANGE_OTHER_ACCOUNT]);
    expect((await stranger.get('/api/user')).body.email).toBe('ec_stranger@example.com');
    expect((await owner.get('/api/user')).body.email).toBe(email);

    // The link was left unused, so the account that asked can still open it.
    const confirmed = await owner.post('/api/profile/email/confirm', { token });
    expect([confirmed.status, confirmed.body.message]).toEqual([200, 'Your email address is now ec_whose.thief@evil.example.']);
    expect((await owner.get('/api/user')).body).toMatchObject({ email: 'ec_whose.thief@evil.example', emailConfirmed: true });
  });

  it('answers an unknown link as invalid, also to a signed-in member', async () => {
    const member = await t.member('ec_guess');
    const res = await member.post('/api/profile/email/confirm', { token: 'x'.repeat(43) });
    expect([res.status, res.body.message]).toEqual([400, EMAIL_CHANGE_LINK_INVALID]);
  });
});
