import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CmsSecondFactorReset, CmsSignInSucceeded } from '@app/shared/schemas';
import { totpCode } from '@app/test-support/second-factor';
import { handleEndpoints } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveAuthenticator } from '../src/auth/second-factor';
import {
  CODE_NEEDED,
  REGENERATE_WRONG_CODE,
  RESET_ADMINS_ONLY,
  RESET_NOTHING,
  RESET_NOT_YOURSELF,
  SETUP_NEEDED,
  WRONG_CODE,
  WRONG_SETUP_CODE,
  type CmsTotpSetup,
} from '../src/auth/second-factor-texts';
import { startPayload, TEST_SECRET } from './payload-test';

// Issue 52 #3: a CMS user who signs in with a password needs a second factor too. The API stands in
// for its sign-in throttle (counting attempts, forgetting them on success); Payload, its sessions
// and tokens are real, and the codes are computed from the secret as an authenticator app does.
const attempts: { account: string; address: string }[] = [];
const succeeded: CmsSignInSucceeded[] = [];
/** Attempts the CMS handed back as no guess: a right password answered with the second step. */
const takenBack: number[] = [];
const resetsTold: CmsSecondFactorReset[] = [];
let resetAnswer = 200;
let api: Server;
let ctx: Awaited<ReturnType<typeof startPayload>>;
beforeAll(async () => {
  api = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const json = (status: number, answer: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    if (req.headers['x-internal-secret'] !== TEST_SECRET) return json(403, {});
    if (req.url === '/api/internal/cms-sign-in/attempts') {
      attempts.push(JSON.parse(body));
      return json(200, { attempt: [attempts.length] });
    }
    if (req.url === '/api/internal/cms-sign-in/second-factor-reset') {
      resetsTold.push(JSON.parse(body));
      return json(resetAnswer, { recorded: true, mailed: true });
    }
    if (req.url === '/api/internal/cms-sign-in/succeeded') {
      succeeded.push(JSON.parse(body));
      return json(200, { recorded: true });
    }
    if (req.url === '/api/internal/cms-sign-in/password-right') {
      takenBack.push(...(JSON.parse(body) as { attempt: number[] }).attempt);
      return json(200, { recorded: true });
    }
    json(404, {});
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
const PASSWORD = 'a-long-password-1';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const rest = (path: string, init: RequestInit = {}) => handleEndpoints({ config: ctx.payload.config, path, request: new Request(`${ORIGIN}${path}`, init) });
const post = (path: string, body: unknown) => rest(path, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: JSON.stringify(body) });
const login = (email: string, extra: { code?: string; setupToken?: string; password?: string } = {}) => post('/cms/api/users/login', { email, password: PASSWORD, ...extra });
type Refusal = { errors: { message: string; data?: { secondFactor: 'code' | 'setup'; setup?: CmsTotpSetup } }[] };
const refusalOf = async (res: Response) => ((await res.json()) as Refusal).errors[0]!;
/** Who a token or cookie signs in as at /users/me (null: nobody). */
const whoIs = async (headers: Record<string, string>) => ((await (await rest('/cms/api/users/me', { headers })).json()) as { user: { email: string } | null }).user?.email ?? null;
const sessionsOf = async (id: number) => (await ctx.payload.db.pool.query('select count(*)::int as n from "cms"."users_sessions" where "_parent_id" = $1', [id])).rows[0].n as number;
async function editor(email: string, withAuthenticator = true, role: 'editor' | 'admin' = 'editor') {
  const user = await ctx.payload.create({ collection: 'users', data: { email, password: PASSWORD, role }, overrideAccess: true });
  if (withAuthenticator) await giveAuthenticator(ctx.payload, user.id, SECRET);
  return user;
}

describe('a CMS user with an authenticator', () => {
  it('gets no session with the password alone: the sign-in asks for the code and nothing works', async () => {
    const user = await editor('code.editor@example.com');
    const res = await login(user.email);
    expect(res.status).toBe(401);
    expect(await refusalOf(res)).toMatchObject({ message: CODE_NEEDED, data: { secondFactor: 'code' } });
    expect(res.headers.get('set-cookie') ?? '').not.toMatch(/payload-token=[^;]+\./);
    expect(await sessionsOf(user.id)).toBe(0);
    // The password was right: the attempt is taken back (no guess was made), and the account's
    // failures are not forgotten (no sign-in happened).
    expect(attempts.at(-1)).toMatchObject({ account: user.email });
    await expect.poll(() => takenBack.includes(attempts.length)).toBe(true);
    expect(succeeded.some((s) => s.account === user.email)).toBe(false);
  });

  it('signs in with the password and the code, once per code: a replayed or older code is refused', async () => {
    const user = await editor('replay.editor@example.com');
    const code = totpCode(SECRET);
    const res = await login(user.email, { code });
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    expect(await whoIs({ authorization: `JWT ${token}` })).toBe(user.email);
    expect(succeeded.some((s) => s.account === user.email)).toBe(true);

    const replayed = await login(user.email, { code });
    expect(replayed.status).toBe(401);
    expect(await refusalOf(replayed)).toMatchObject({ message: WRONG_CODE });
    expect((await login(user.email, { code: totpCode(SECRET, -1) })).status).toBe(401);
    expect(await sessionsOf(user.id)).toBe(1);
  });

  it('refuses a wrong code, and the refusal counts toward the sign-in throttle', async () => {
    const user = await editor('wrong.editor@example.com');
    const before = attempts.length;
    const res = await login(user.email, { code: totpCode(SECRET, 5) });
    expect(res.status).toBe(401);
    expect(await refusalOf(res)).toMatchObject({ message: WRONG_CODE });
    expect(attempts.length).toBe(before + 1);
    expect(succeeded.some((s) => s.account === user.email)).toBe(false);
    expect(takenBack).not.toContain(attempts.length);
    expect(await sessionsOf(user.id)).toBe(0);
    // A wrong password with the right code is still a wrong password.
    expect((await login(user.email, { password: 'not-the-password', code: totpCode(SECRET) })).status).toBe(401);
  });

  it('signs in with a recovery code, each once', async () => {
    const user = await editor('recovery.editor@example.com', false);
    const setup = (await refusalOf(await login(user.email))).data!.setup!;
    const first = await login(user.email, { setupToken: setup.setupToken, code: totpCode(setup.secret) });
    const { recoveryCodes } = (await first.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);

    const res = await login(user.email, { code: recoveryCodes[3]!.toUpperCase() });
    expect(res.status).toBe(200);
    expect(await whoIs({ authorization: `JWT ${((await res.json()) as { token: string }).token}` })).toBe(user.email);
    expect((await login(user.email, { code: recoveryCodes[3]! })).status).toBe(401);
    expect((await login(user.email, { code: 'abcde-fghjk' })).status).toBe(401);
  });

  it('ends every session at a password reset, the one the reset opens too', async () => {
    const user = await editor('reset.editor@example.com');
    expect((await login(user.email, { code: totpCode(SECRET) })).status).toBe(200);
    const token = await ctx.payload.forgotPassword({ collection: 'users', data: { email: user.email }, disableEmail: true });
    const reset = await post('/cms/api/users/reset-password', { token, password: 'a-new-password-2' });
    expect(reset.status).toBe(200);
    const answer = (await reset.json()) as { token?: string };
    expect(answer.token).toBeUndefined();
    expect(await sessionsOf(user.id)).toBe(0);
    expect(await whoIs({ cookie: reset.headers.get('set-cookie') ?? '' })).toBeNull();
  });
});

describe('a CMS user without an authenticator', () => {
  it('is sent to set one up at sign-in, with a QR code drawn by the CMS and no session until a code confirms it', async () => {
    const user = await editor('new.editor@example.com', false);
    const res = await login(user.email);
    expect(res.status).toBe(403);
    const refusal = await refusalOf(res);
    expect(refusal.message).toBe(SETUP_NEEDED);
    const setup = refusal.data!.setup!;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await sessionsOf(user.id)).toBe(0);

    // A code alone, a wrong code, or another user's setup: still no session, nothing turned on.
    expect((await login(user.email, { code: totpCode(setup.secret) })).status).toBe(403);
    const wrong = await login(user.email, { setupToken: setup.setupToken, code: totpCode(setup.secret, 4) });
    expect(wrong.status).toBe(401);
    expect(await refusalOf(wrong)).toMatchObject({ message: WRONG_SETUP_CODE, data: { secondFactor: 'setup' } });
    const other = await editor('other.editor@example.com', false);
    expect((await login(other.email, { setupToken: setup.setupToken, code: totpCode(setup.secret) })).status).toBe(403);
    expect(await sessionsOf(user.id)).toBe(0);

    const confirmed = await login(user.email, { setupToken: setup.setupToken, code: totpCode(setup.secret) });
    expect(confirmed.status).toBe(200);
    const answer = (await confirmed.json()) as { token: string; recoveryCodes: string[] };
    expect(answer.recoveryCodes).toHaveLength(10);
    expect(new Set(answer.recoveryCodes).size).toBe(10);
    expect(await whoIs({ authorization: `JWT ${answer.token}` })).toBe(user.email);

    // Stored sealed and hashed; never answered by the API, even to the user themselves.
    const { rows } = await ctx.payload.db.pool.query('select "totp_secret", "recovery_code_hashes"::text as hashes from "cms"."users" where "id" = $1', [user.id]);
    expect(rows[0].totp_secret).not.toContain(setup.secret);
    for (const code of answer.recoveryCodes) expect(rows[0].hashes).not.toContain(code);
    const own = JSON.stringify(await (await rest(`/cms/api/users/${user.id}`, { headers: { authorization: `JWT ${answer.token}` } })).json());
    expect(own).not.toMatch(/totp|recovery/i);

    // From now on the app's code is asked for; the setup cannot be redone with a password.
    const again = await login(user.email, { setupToken: setup.setupToken, code: totpCode(setup.secret, 1) });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { recoveryCodes?: string[] }).recoveryCodes).toBeUndefined();
    expect(await refusalOf(await login(user.email))).toMatchObject({ message: CODE_NEEDED });
  });

  it('cannot give itself an authenticator through the API', async () => {
    const user = await editor('sneaky.editor@example.com', false);
    const setup = (await refusalOf(await login(user.email))).data!.setup!;
    const own = await login(user.email, { setupToken: setup.setupToken, code: totpCode(setup.secret) });
    const { token } = (await own.json()) as { token: string };
    const patch = await rest(`/cms/api/users/${user.id}`, { method: 'PATCH', headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ totpSecret: 'x', totpConfirmedAt: null, recoveryCodeHashes: [] }) });
    expect(patch.status).toBeLessThan(500);
    const { rows } = await ctx.payload.db.pool.query('select "totp_secret", "totp_confirmed_at", jsonb_array_length("recovery_code_hashes") as n from "cms"."users" where "id" = $1', [user.id]);
    expect(rows[0]).toMatchObject({ n: 10 });
    expect(rows[0].totp_secret).not.toBe('x');
    expect(rows[0].totp_confirmed_at).not.toBeNull();
  });
});

// Issue 52: a CMS admin resets a locked-out user's authenticator; a user makes new recovery codes.
const bearer = (token: string) => ({ authorization: `JWT ${token}`, 'content-type': 'application/json', origin: ORIGIN });
const signedIn = async (email: string, code = totpCode(SECRET)) => ((await (await login(email, { code })).json()) as { token: string }).token;
const resetOf = (id: number, token: string) => rest(`/cms/api/users/${id}/reset-second-factor`, { method: 'POST', headers: bearer(token) });
const regenerate = (token: string, code: string) => rest('/cms/api/users/regenerate-recovery-codes', { method: 'POST', headers: bearer(token), body: JSON.stringify({ code }) });
const factorOf = async (id: number) =>
  (await ctx.payload.db.pool.query('select "totp_secret", "totp_confirmed_at", "totp_last_step", "recovery_code_hashes" from "cms"."users" where "id" = $1', [id])).rows[0] as Record<string, unknown>;

describe("an admin's reset of a CMS user's authenticator", () => {
  it('is refused to an editor, with a clear message, and changes nothing', async () => {
    const target = await editor('kept.editor@example.com');
    const token = await signedIn((await editor('nosy.editor@example.com')).email);
    const res = await resetOf(target.id, token);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: RESET_ADMINS_ONLY });
    expect((await factorOf(target.id)).totp_confirmed_at).not.toBeNull();
    expect((await rest(`/cms/api/users/${target.id}/reset-second-factor`, { method: 'POST' })).status).toBe(401);
  });

  it('clears the authenticator and ends every session: the next sign-in sets up a new one', async () => {
    const target = await editor('lost.phone@example.com');
    const targetToken = await signedIn(target.email);
    expect(await whoIs({ authorization: `JWT ${targetToken}` })).toBe(target.email);
    const admin = await editor('reset.admin@example.com', true, 'admin');
    const token = await signedIn(admin.email);

    const res = await resetOf(target.id, token);
    expect(res.status).toBe(200);
    // The API is told, to audit it and mail the user (api/test/cms-second-factor-reset.test.ts).
    expect(resetsTold).toEqual([{ actorEmail: admin.email, actorSiteUserId: null, targetEmail: target.email }]);
    expect(await sessionsOf(target.id)).toBe(0);
    expect(await whoIs({ authorization: `JWT ${targetToken}` })).toBeNull();
    expect(await factorOf(target.id)).toMatchObject({ totp_secret: null, totp_confirmed_at: null, recovery_code_hashes: null });
    expect(Number((await factorOf(target.id)).totp_last_step)).toBe(0);
    const next = await login(target.email, { code: totpCode(SECRET, 1) });
    expect(next.status).toBe(403);
    expect(await refusalOf(next)).toMatchObject({ message: SETUP_NEEDED, data: { secondFactor: 'setup' } });
    // The admin stays signed in; nothing left to reset; not their own.
    expect(await whoIs({ authorization: `JWT ${token}` })).toBe(admin.email);
    expect(await (await resetOf(target.id, token)).json()).toEqual({ message: RESET_NOTHING });
    expect(resetsTold).toHaveLength(1);
    const own = await resetOf(admin.id, token);
    expect(own.status).toBe(403);
    expect(await own.json()).toEqual({ message: RESET_NOT_YOURSELF });
    expect((await factorOf(admin.id)).totp_confirmed_at).not.toBeNull();
  });

  it('stands when the API cannot audit it (the CMS logs a warning instead)', async () => {
    const target = await editor('api.down@example.com');
    const token = await signedIn((await editor('down.admin@example.com', true, 'admin')).email);
    resetAnswer = 503;
    try {
      expect((await resetOf(target.id, token)).status).toBe(200);
    } finally {
      resetAnswer = 200;
    }
    expect((await factorOf(target.id)).totp_confirmed_at).toBeNull();
    expect(resetsTold.at(-1)).toMatchObject({ targetEmail: 'api.down@example.com' });
  });
});

describe("a CMS user's new recovery codes", () => {
  it('need the authenticator\'s current code; the old codes stop working and the new ones work once', async () => {
    const user = await editor('codes.editor@example.com', false);
    const setup = (await refusalOf(await login(user.email))).data!.setup!;
    const used = totpCode(setup.secret);
    const first = await login(user.email, { setupToken: setup.setupToken, code: used });
    const { token, recoveryCodes: old } = (await first.json()) as { token: string; recoveryCodes: string[] };

    // A wrong code, the code just used, or a recovery code: refused, the old codes kept.
    for (const code of [totpCode(setup.secret, 5), used, old[0]!, '']) {
      const refused = await regenerate(token, code);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ message: REGENERATE_WRONG_CODE });
    }
    expect(((await factorOf(user.id)).recovery_code_hashes as string[]).length).toBe(10);
    expect((await rest('/cms/api/users/regenerate-recovery-codes', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(401);

    const res = await regenerate(token, totpCode(setup.secret, 1));
    expect(res.status).toBe(200);
    const { recoveryCodes } = (await res.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes.some((c) => old.includes(c))).toBe(false);
    // The same code twice makes no second set.
    expect((await regenerate(token, totpCode(setup.secret, 1))).status).toBe(401);

    for (const code of old.slice(0, 3)) expect((await login(user.email, { code })).status).toBe(401);
    const withNew = await login(user.email, { code: recoveryCodes[0]! });
    expect(withNew.status).toBe(200);
    expect((await login(user.email, { code: recoveryCodes[0]! })).status).toBe(401);
  });
});
