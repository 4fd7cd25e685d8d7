import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Authenticator secrets are stored encrypted (AES-256-GCM) under a key derived from the internal
 * secret, so a copy of the database alone does not hold them. A changed internal secret makes the
 * stored ones unreadable: their members sign in with a passkey or a recovery code, or an admin
 * resets their second factor (docs: second-factor decisions).
 */
export type SecretBox = { seal(plain: string): string; open(sealed: string): string | null };

export function createSecretBox(internalSecret: string): SecretBox {
  const key = createHmac('sha256', internalSecret).update('second-factor/totp-secrets/v1').digest();
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
