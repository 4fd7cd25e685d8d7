import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';

const b64url = (b: Uint8Array | string) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();
const uint32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

type Credential = { id: Buffer; privateKey: KeyObject; counter: number; userHandle: string };

/**
 * A software passkey authenticator speaking WebAuthn's wire format (ES256, "none" attestation),
 * for API tests: it makes credentials for registration options and signs authentication options,
 * as a browser's authenticator would. `counting: false` keeps its counter at 0 (many platform
 * passkeys do); `origin` may lie, to test that the API checks it.
 */
export function softAuthenticator(opts: { origin: string; rpId: string; counting?: boolean }) {
  const credentials: Credential[] = [];
  const flags = (attested: boolean) => 0x01 | 0x04 | (attested ? 0x40 : 0);
  return {
    credentials,
    register(options: PublicKeyCredentialCreationOptionsJSON, override: { origin?: string; challenge?: string; id?: Buffer } = {}): RegistrationResponseJSON {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = new Map<number, number | Uint8Array>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x!, 'base64url')], [-3, Buffer.from(jwk.y!, 'base64url')]]);
      const id = override.id ?? randomBytes(16);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const authData = Buffer.concat([sha256(opts.rpId), Buffer.from([flags(true)]), uint32(0), Buffer.alloc(16), idLength, id, Buffer.from(isoCBOR.encode(cose))]);
      const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
      const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: override.challenge ?? options.challenge, origin: override.origin ?? opts.origin, crossOrigin: false });
      credentials.push({ id, privateKey, counter: 0, userHandle: options.user.id });
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key',
        response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      };
    },
    /** Signs with the credential the options allow (the first), or `use`, or, for a discoverable request, the newest. */
    sign(options: PublicKeyCredentialRequestOptionsJSON, override: { use?: Credential; origin?: string; counter?: number } = {}): AuthenticationResponseJSON {
      const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
      const credential = override.use ?? (allowed.length ? credentials.find((c) => allowed.includes(b64url(c.id))) : credentials.at(-1));
      if (!credential) throw new Error('no credential for these options');
      if (opts.counting !== false) credential.counter += 1;
      const counter = override.counter ?? (opts.counting === false ? 0 : credential.counter);
      const authData = Buffer.concat([sha256(opts.rpId), Buffer.from([flags(false)]), uint32(counter)]);
      const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: override.origin ?? opts.origin, crossOrigin: false });
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key',
        response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: credential.userHandle },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      };
    },
  };
}
