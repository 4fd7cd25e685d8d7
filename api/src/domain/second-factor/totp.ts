import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 as authenticator apps read it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_S = 30;

/** A new 160-bit secret, base32 (what apps take typed or scanned). */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The otpauth:// address an app scans: "Site: username". */
export const totpUri = (secret: string, issuer: string, account: string): string => generateURI({ issuer, label: account, secret });

/**
 * The time step a code is right for, if it is right within one step of clock drift either way
 * and later than `lastStep` (the last step a code was accepted for: each code works once, and
 * none older than one already used); else null.
 */
export async function acceptedStep(secret: string, code: string, lastStep: number, nowMs = Date.now()): Promise<number | null> {
  const result = await verify({ secret, token: code, epoch: Math.floor(nowMs / 1000), epochTolerance: TOTP_PERIOD_S, afterTimeStep: lastStep });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
