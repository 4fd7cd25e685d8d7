import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authChallenges, passkeys } from '../src/db/schema/index.ts';
import { browserClient } from './browser-client.ts';
import { appForThisFile } from './file-app.ts';
import { enrolPasskey, passkeySignIn } from './second-factor-helpers.ts';
import { mailsTo, signedUpMember } from './sign-up.ts';
import { softAuthenticator } from './soft-authenticator.ts';
import { TEST_ORIGIN } from './test-app.ts';

const t = appForThisFile();
const db = () => t.testDb.db;
const member = (username: string) => signedUpMember(t.app.base, db(), username);
const authenticator = (o: { counting?: boolean } = {}) => softAuthenticator({ origin: TEST_ORIGIN, rpId: 'localhost', ...o });
const keyCount = async () => (await db().select().from(passkeys)).length;

describe('adding a passkey', () => {
  it('registers a discoverable credential for PUBLIC_URL\'s host, named, with the first recovery codes', async () => {
    const { c } = await member('pk_add');
    const options = await c.post('/api/profile/security/passkeys/options');
    expect(options.body.rp).toEqual({ name: 'Better Self', id: 'localhost' });
    expect(options.body.authenticatorSelection).toMatchObject({ residentKey: 'required' });
    const key = authenticator();
    const added = await c.post('/api/profile/security/passkeys', { name: '  Work laptop ', response: key.register(options.body) });
    expect(added.status).toBe(201);
    expect(added.body.recoveryCodes).toHaveLength(10);
    const overview = (await c.get('/api/profile/security')).body;
    expect(overview.passkeys).toEqual([{ id: expect.any(Number), name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null }]);
    expect(overview.verifiedAt).not.toBeNull();
    expect(await mailsTo(db(), 'pk_add@example.com', /^A new passkey was added to your Better Self account$/)).toHaveLength(1);
    // The browser is told which credentials exist, and one registered twice is refused.
    const again = await c.post('/api/profile/security/passkeys/options');
    expect(again.body.excludeCredentials).toEqual([expect.objectContaining({ id: key.credentials[0]!.id.toString('base64url') })]);
    expect(await c.post('/api/profile/security/passkeys', { name: 'Twice', response: key.register(again.body, { id: key.credentials[0]!.id }) })).toMatchObject({ status: 409, body: { message: 'This passkey is already registered.' } });
  });

  it('refuses an answer from another origin, to a used or expired challenge, or malformed — storing nothing', async () => {
    const { c } = await member('pk_bad');
    const key = authenticator();
    const before = await keyCount();
    const options = await c.post('/api/profile/security/passkeys/options');
    expect(await c.post('/api/profile/security/passkeys', { name: 'Evil', response: key.register(options.body, { origin: 'https://evil.example' }) })).toMatchObject({ status: 400, body: { code: 'bad_request' } });
    // That challenge was used by the refused answer: a second try with it finds nothing.
    expect(await c.post('/api/profile/security/passkeys', { name: 'Replay', response: key.register(options.body) })).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    const stale = await c.post('/api/profile/security/passkeys/options');
    await db().update(authChallenges).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(authChallenges.purpose, 'passkey-register'));
    expect((await c.post('/api/profile/security/passkeys', { name: 'Late', response: key.register(stale.body) })).status).toBe(401);
    const fresh = await c.post('/api/profile/security/passkeys/options');
    const good = key.register(fresh.body);
    expect((await c.post('/api/profile/security/passkeys', { name: 'Broken', response: { ...good, response: { ...good.response, clientDataJSON: 'bm90IGpzb24' } } })).status).toBe(400);
    expect((await c.post('/api/profile/security/passkeys', { name: 'Broken', response: { ...good, response: { ...good.response, attestationObject: 'AAAA' } } })).status).toBe(400);
    expect((await c.post('/api/profile/security/passkeys', { name: 'Broken', response: { id: 'x' } })).status).toBe(400);
    expect((await c.post('/api/profile/security/passkeys', { name: '', response: good })).status).toBe(400);
    // Another member's registration challenge is not this session's.
    const { c: other } = await member('pk_bad_other');
    const theirs = await other.post('/api/profile/security/passkeys/options');
    expect((await c.post('/api/profile/security/passkeys', { name: 'Theirs', response: key.register(theirs.body) })).status).toBe(401);
    expect(await keyCount()).toBe(before);
  });
});

describe('signing in with a passkey', () => {
  it('signs in with a passkey alone through the account picker, and keeps when it was last used', async () => {
    const { c } = await member('pk_alone');
    const key = authenticator();
    expect((await enrolPasskey(c, key)).status).toBe(201);
    const browser = browserClient(t.app.base);
    const options = await browser.post('/api/login/passkey/options', { for: 'sign-in' });
    expect(options.body).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.body.allowCredentials ?? []).toEqual([]);
    const signedIn = await browser.post('/api/login/passkey', { for: 'sign-in', response: key.sign(options.body) });
    expect(signedIn).toMatchObject({ status: 200, body: { username: 'pk_alone' } });
    expect((await browser.get('/api/user')).body).toMatchObject({ username: 'pk_alone', secondFactorVerified: true });
    expect((await browser.get('/api/profile/security')).body.passkeys[0].lastUsedAt).not.toBeNull();
  });

  it('refuses a replayed answer, a counter that went back, and an unknown credential', async () => {
    const { c } = await member('pk_replay');
    const key = authenticator();
    await enrolPasskey(c, key);
    const browser = browserClient(t.app.base);
    const options = await browser.post('/api/login/passkey/options', { for: 'sign-in' });
    const answer = key.sign(options.body);
    expect((await browser.post('/api/login/passkey', { for: 'sign-in', response: answer })).status).toBe(200);
    expect(await browserClient(t.app.base).post('/api/login/passkey', { for: 'sign-in', response: answer })).toMatchObject({ status: 401, body: { code: 'unauthorized', message: 'This passkey request has expired or was already used. Please try again.' } });
    // A cloned authenticator replays an older counter.
    const cloned = await browser.post('/api/login/passkey/options', { for: 'sign-in' });
    expect(await browser.post('/api/login/passkey', { for: 'sign-in', response: key.sign(cloned.body, { counter: 1 }) })).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    const stranger = authenticator();
    stranger.register({ ...options.body, user: { id: 'eA', name: 'x', displayName: 'x' }, rp: { id: 'localhost', name: 'x' }, pubKeyCredParams: [] } as never);
    const unknown = await browser.post('/api/login/passkey/options', { for: 'sign-in' });
    expect((await browser.post('/api/login/passkey', { for: 'sign-in', response: stranger.sign(unknown.body) })).status).toBe(401);
  });

  it('works with authenticators that keep their counter at 0', async () => {
    const { c } = await member('pk_zero');
    const key = authenticator({ counting: false });
    await enrolPasskey(c, key);
    for (let i = 0; i < 2; i++) expect((await passkeySignIn(browserClient(t.app.base), key)).status).toBe(200);
  });

  it('is the second step after the password, with the member\'s own passkeys only', async () => {
    const { c } = await member('pk_second');
    const key = authenticator();
    await enrolPasskey(c, key);
    const { c: other } = await member('pk_second_other');
    const otherKey = authenticator();
    await enrolPasskey(other, otherKey);

    const browser = browserClient(t.app.base);
    expect((await browser.post('/api/login', { username: 'pk_second', password: 'secret-pass' })).body).toMatchObject({ secondFactorRequired: true, methods: ['passkey', 'recovery-code'] });
    const options = await browser.post('/api/login/passkey/options', { for: 'second-step' });
    expect(options.body.allowCredentials).toEqual([expect.objectContaining({ id: key.credentials[0]!.id.toString('base64url') })]);
    // Another member's credential answering this member's challenge is refused.
    expect(await browser.post('/api/login/passkey', { for: 'second-step', response: otherKey.sign(options.body, { use: otherKey.credentials[0] }) })).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    expect((await browser.get('/api/user')).status).toBe(401);
    const retry = await browser.post('/api/login/passkey/options', { for: 'second-step' });
    expect(await browser.post('/api/login/passkey', { for: 'second-step', response: key.sign(retry.body) })).toMatchObject({ status: 200, body: { username: 'pk_second' } });
    expect((await browser.get('/api/user')).status).toBe(200);
    // Without a pending sign-in there are no second-step options.
    expect((await browserClient(t.app.base).post('/api/login/passkey/options', { for: 'second-step' })).status).toBe(401);
  });
});

describe('removing a passkey', () => {
  it('needs the password and a recent factor; another member\'s passkey is not found', async () => {
    const { c } = await member('pk_remove');
    const key = authenticator();
    await enrolPasskey(c, key);
    const { c: other } = await member('pk_remove_other');
    await enrolPasskey(other, authenticator());
    const [mine] = (await c.get('/api/profile/security')).body.passkeys;
    const [theirs] = (await other.get('/api/profile/security')).body.passkeys;
    expect((await c.delete(`/api/profile/security/passkeys/${theirs.id}`, { currentPassword: 'secret-pass' })).status).toBe(404);
    expect((await c.delete(`/api/profile/security/passkeys/${mine.id}`, { currentPassword: 'nope' })).status).toBe(403);
    await db().execute(sql`update app.sessions set second_factor_at = now() - interval '11 minutes'`);
    expect(await c.delete(`/api/profile/security/passkeys/${mine.id}`, { currentPassword: 'secret-pass' })).toMatchObject({ status: 403, body: { code: 'second_factor_required' } });
    // The step-up with the passkey itself.
    const options = await c.post('/api/auth/passkey/options');
    expect((await c.post('/api/auth/passkey', { response: key.sign(options.body) })).status).toBe(200);
    expect((await c.delete(`/api/profile/security/passkeys/${mine.id}`, { currentPassword: 'secret-pass' })).status).toBe(200);
    expect((await other.get('/api/profile/security')).body.passkeys).toHaveLength(1);
    expect((await c.get('/api/profile/security')).body).toMatchObject({ passkeys: [], recoveryCodesLeft: 0 });
  });
});
