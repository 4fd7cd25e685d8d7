// The second factor's secrets, shared by the API (members and staff) and the CMS (its users with a
// password): authenticator codes (RFC 6238, otplib), their secrets sealed at rest, the QR code our
// own code draws, and recovery codes. Server only (@app/shared/second-factor-secrets).
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** RFC 6238 as authenticator apps read it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_S = 30;

/** A new 160-bit secret, base32 (what apps take typed or scanned). */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The otpauth:// address an app scans: "Site: username". */
export const totpUri = (secret: string, issuer: string, account: string): string => generateURI({ issuer, label: account, secret });

/** The otpauth address as a QR code drawn here (an SVG data URL): no outside service sees the secret. */
export async function totpQrCode(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The time step a code is right for, if it is right within one step of clock drift either way
 * and later than `lastStep` (the last step a code was accepted for: each code works once, and
 * none older than one already used); else null.
 */
export async function acceptedStep(secret: string, code: string, lastStep: number, nowMs = Date.now()): Promise<number | null> {
  const result = await verify({ secret, token: code, epoch: Math.floor(nowMs / 1000), epochTolerance: TOTP_PERIOD_S, afterTimeStep: lastStep });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Authenticator secrets are stored encrypted (AES-256-GCM) under a key derived from a server
 * secret, so a copy of the database alone does not hold them. A changed server secret makes the
 * stored ones unreadable: their owners use a recovery code (or a passkey), or an admin resets them.
 * `purpose` keeps the keys of different owners (the API's members, the CMS's users) apart.
 */
export type SecretBox = { seal(plain: string): string; open(sealed: string): string | null };

export function createSecretBox(serverSecret: string, purpose = 'second-factor/totp-secrets/v1'): SecretBox {
  const key = createHmac('sha256', serverSecret).update(purpose).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${iv.toString('base64url')}.${body.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`;
    },
    open(sealed) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== 'v1' || !iv || !body || !tag) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

// No 0/o, 1/l/i: codes are read off paper.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `k7m2p-q9x4t`: 10 characters of a 31-letter alphabet, about 50 random bits. */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The stored form of a typed code (the dash and case do not matter). */
export const recoveryCodeHash = (code: string) => createHash('sha256').update(code.replace(/-/g, '').toLowerCase()).digest('hex');
