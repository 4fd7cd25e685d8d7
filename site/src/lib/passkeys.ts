import { api } from '@app/shared/browser';
import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

export { browserSupportsWebAuthn };

/** What the browser says when the member closes its passkey prompt, or it fails, in plain words. */
export function passkeyProblem(err: unknown): string | null {
  if (err instanceof WebAuthnError && err.code === 'ERROR_CEREMONY_ABORTED') return null;
  if (err instanceof Error && err.name === 'NotAllowedError') return 'The passkey prompt was closed or timed out. Please try again.';
  if (err instanceof WebAuthnError && err.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'This passkey is already registered.';
  return null;
}

/**
 * Signs a challenge from `optionsPath` with one of the member's passkeys (the browser's own
 * prompt and account picker) and posts the answer to `answerPath`; answers what the API answered.
 */
export async function answerWithPasskey<T>(optionsPath: string, answerPath: string, body: Record<string, unknown> = {}): Promise<T> {
  const optionsJSON = await api.post<PublicKeyCredentialRequestOptionsJSON>(optionsPath, body);
  const response = await startAuthentication({ optionsJSON });
  return api.post<T>(answerPath, { ...body, response });
}

/** Makes a new passkey for the signed-in member and adds it under `name`. */
export async function addPasskey(name: string): Promise<{ recoveryCodes?: string[] }> {
  const optionsJSON = await api.post<PublicKeyCredentialCreationOptionsJSON>('/api/profile/security/passkeys/options');
  const response = await startRegistration({ optionsJSON });
  return api.post('/api/profile/security/passkeys', { name, response });
}
