import { AppError } from '../../lib/app-error.ts';

export const BAD_PASSKEY_ANSWER = 'That passkey answer could not be read. Please try again.';

/**
 * The challenge a WebAuthn answer names, read from its clientDataJSON: our challenges are random
 * tokens, which the options carried as UTF-8 (base64url), so the token is the challenge's text.
 */
export function challengeOf(clientDataJSON: string): { token: string; encoded: string } {
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('bad_request', BAD_PASSKEY_ANSWER);
  }
  const encoded = (data as { challenge?: unknown } | null)?.challenge;
  if (typeof encoded !== 'string' || !/^[A-Za-z0-9_-]{1,200}$/.test(encoded)) throw new AppError('bad_request', BAD_PASSKEY_ANSWER);
  return { token: Buffer.from(encoded, 'base64url').toString('utf8'), encoded };
}
