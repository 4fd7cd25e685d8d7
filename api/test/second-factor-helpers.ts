import { generate } from 'otplib';
import { softAuthenticator } from './soft-authenticator.ts';
import { TEST_ORIGIN } from './test-app.ts';
import { expect } from 'vitest';
import type { TotpSetup } from '@app/shared/browser';
import type { browserClient } from './browser-client.ts';

type Client = ReturnType<typeof browserClient>;

/** The code an authenticator app shows for this secret, `steps` periods from now. */
export const totpCode = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Sets up an authenticator app for the signed-in client through Profile → Security: its secret and the recovery codes shown once. */
export async function enrolTotp(c: Client): Promise<{ secret: string; recoveryCodes: string[]; usedCode: string }> {
  const setup = await c.post('/api/profile/security/totp');
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const { secret } = setup.body as TotpSetup;
  const usedCode = await totpCode(secret);
  const confirmed = await c.post('/api/profile/security/totp/confirm', { code: usedCode });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { secret, recoveryCodes: confirmed.body.recoveryCodes, usedCode };
}

/** Adds a passkey made by `authenticator` for the signed-in client; answers the API's answer. */
export async function enrolPasskey(c: Client, authenticator: ReturnType<typeof softAuthenticator>, name = 'Laptop') {
  const options = await c.post('/api/profile/security/passkeys/options');
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  return c.post('/api/profile/security/passkeys', { name, response: authenticator.register(options.body) });
}

/** Signs in with a passkey alone (a discoverable request): the API's answer. */
export async function passkeySignIn(c: Client, authenticator: ReturnType<typeof softAuthenticator>) {
  const options = await c.post('/api/login/passkey/options', { for: 'sign-in' });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  return c.post('/api/login/passkey', { for: 'sign-in', response: authenticator.sign(options.body) });
}

/** Each staff member's software passkey, made the first time they sign in here (by username). */
const staffPasskeys = new Map<string, ReturnType<typeof softAuthenticator>>();

/**
 * Signs staff in as staff must (DESIGN §7.27): the password, then the second step with their
 * passkey — made and added through Profile → Security the first time, when they have no factor yet
 * (which also gives that first session its factor). A software authenticator, so any number of
 * sign-ins work (codes work once per 30 s).
 */
export async function signInStaff(c: Client, username: string, password: string): Promise<void> {
  const res = await c.post('/api/login', { username, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (!res.body.secondFactorRequired) {
    const key = softAuthenticator({ origin: TEST_ORIGIN, rpId: 'localhost' });
    expect((await enrolPasskey(c, key, 'Test passkey')).status).toBe(201);
    staffPasskeys.set(username, key);
    return;
  }
  const key = staffPasskeys.get(username);
  if (!key) throw new Error(`${username} has a second factor this helper did not make`);
  const options = await c.post('/api/login/passkey/options', { for: 'second-step' });
  const passed = await c.post('/api/login/passkey', { for: 'second-step', response: key.sign(options.body) });
  expect(passed.status, JSON.stringify(passed.body)).toBe(200);
}

/** A member just made staff sets up their second factor in the session they have, as the site sends them to (a passkey, for signInStaff later). */
export async function enrolStaffFactor(c: Client, username: string): Promise<void> {
  const key = softAuthenticator({ origin: TEST_ORIGIN, rpId: 'localhost' });
  expect((await enrolPasskey(c, key, 'Test passkey')).status).toBe(201);
  staffPasskeys.set(username, key);
}
