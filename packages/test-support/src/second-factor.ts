// Second factors for end-to-end tests (issue 52), with node:crypto only: an authenticator app's
// code (RFC 6238) and a passkey's signed answer (WebAuthn, ES256) — written from the standards,
// not with the libraries the API checks them with.
import { createHash, createHmac, createPrivateKey, sign } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Bytes(secret: string): Buffer {
  let bits = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bits += BASE32.indexOf(c).toString(2).padStart(5, '0');
  return Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
}

/** The 6-digit code an authenticator app shows for a base32 secret, `steps` periods of 30 s from now. */
export function totpCode(secret: string, steps = 0, nowMs = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(nowMs / 1000 / 30) + steps));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

export type PasskeyKey = { credentialId: string; x: string; y: string; d: string };

/**
 * A passkey's answer to the API's authentication options (AuthenticationResponseJSON), signed with
 * a known P-256 key for the relying party and origin given: what the browser's authenticator sends.
 */
export function passkeyAnswer(key: PasskeyKey, options: { challenge: string }, where: { origin: string; rpId: string; counter?: number }) {
  const privateKey = createPrivateKey({ key: { kty: 'EC', crv: 'P-256', x: key.x, y: key.y, d: key.d }, format: 'jwk' });
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(where.counter ?? 0);
  // rpIdHash, flags (user present and verified), the signature counter.
  const authData = Buffer.concat([createHash('sha256').update(where.rpId).digest(), Buffer.from([0x05]), counter]);
  const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: where.origin, crossOrigin: false }));
  const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]), privateKey);
  return {
    id: key.credentialId,
    rawId: key.credentialId,
    type: 'public-key' as const,
    response: { clientDataJSON: clientDataJSON.toString('base64url'), authenticatorData: authData.toString('base64url'), signature: signature.toString('base64url') },
    clientExtensionResults: {},
  };
}
