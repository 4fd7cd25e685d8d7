import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from '@app/shared/second-factor-secrets';
import { acceptedStep, newTotpSecret, TOTP_PERIOD_S, totpUri } from '@app/shared/second-factor-secrets';
import { newRecoveryCode, recoveryCodeHash } from '@app/shared/second-factor-secrets';

const secret = newTotpSecret();
const NOW = Date.UTC(2026, 10, 29, 12, 0, 15);
const step = Math.floor(NOW / 1000 / TOTP_PERIOD_S);
const codeAt = (stepOffset: number) => generate({ secret, epoch: (step + stepOffset) * TOTP_PERIOD_S });

describe('authenticator codes (RFC 6238)', () => {
  it('accepts the code of this step and of one step either side, naming the step', async () => {
    expect(await acceptedStep(secret, await codeAt(0), 0, NOW)).toBe(step);
    expect(await acceptedStep(secret, await codeAt(-1), 0, NOW)).toBe(step - 1);
    expect(await acceptedStep(secret, await codeAt(1), 0, NOW)).toBe(step + 1);
  });

  it('refuses a code two steps away', async () => {
    expect(await acceptedStep(secret, await codeAt(-2), 0, NOW)).toBeNull();
    expect(await acceptedStep(secret, await codeAt(2), 0, NOW)).toBeNull();
  });

  it('refuses a code whose step was already used, and any older one', async () => {
    expect(await acceptedStep(secret, await codeAt(0), step, NOW)).toBeNull();
    expect(await acceptedStep(secret, await codeAt(-1), step, NOW)).toBeNull();
    expect(await acceptedStep(secret, await codeAt(1), step, NOW)).toBe(step + 1);
  });

  it('refuses a wrong code', async () => {
    const right = await codeAt(0);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(await acceptedStep(secret, wrong, 0, NOW)).toBeNull();
  });

  it('makes 160-bit secrets and an otpauth address naming the site and the member', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(totpUri(secret, 'Better Self', 'ana'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Better Self');
  });
});

describe('recovery codes', () => {
  it('are two groups of five, from an alphabet without look-alikes, and differ', () => {
    const codes = Array.from({ length: 50 }, newRecoveryCode);
    for (const c of codes) expect(c).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(50);
  });

  it('are stored by a hash that ignores the dash and case', () => {
    expect(recoveryCodeHash('abcde-fghjk')).toBe(recoveryCodeHash('ABCDEFGHJK'));
    expect(recoveryCodeHash('abcde-fghjk')).not.toBe(recoveryCodeHash('abcde-fghjm'));
  });
});

describe('sealed authenticator secrets', () => {
  it('open with the same internal secret only, and never show the secret', () => {
    const box = createSecretBox('internal-secret-one-0123456789');
    const sealed = box.seal(secret);
    expect(sealed).not.toContain(secret);
    expect(box.open(sealed)).toBe(secret);
    expect(createSecretBox('another-internal-secret-9876543210').open(sealed)).toBeNull();
    const [version, iv, body, tag] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(box.open([version, iv, flipped.toString('base64url'), tag].join('.'))).toBeNull();
    expect(box.open('not sealed')).toBeNull();
  });
});
