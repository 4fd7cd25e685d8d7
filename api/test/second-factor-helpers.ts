import { generate } from 'otplib';
import type { softAuthenticator } from './soft-authenticator.ts';
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
