import argon2 from 'argon2';

/** argon2id at OWASP's recommended cost (19 MiB, 2 passes, 1 lane): about 35 ms a hash here. */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/**
 * PASSWORD_HASH_COST=light, refused in production (config.ts): argon2id at 1 MiB and one pass, about
 * 1 ms. For the test suites and their stacks, which register and sign in thousands of members: at
 * the standard cost that was some 45 ms of CPU each, minutes of CI (issue 53 #6). The same code
 * hashes and verifies either way; a stored hash names its own cost, so each verifies under the other.
 */
const LIGHT_ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 1_024, timeCost: 1, parallelism: 1 } as const;
export type PasswordHashCost = 'standard' | 'light';

let options: typeof ARGON2_OPTIONS | typeof LIGHT_ARGON2_OPTIONS = ARGON2_OPTIONS;

/** Sets the cost of new hashes for this process (server.ts, from the config; the tests' setup file). */
export function usePasswordHashCost(cost: PasswordHashCost): void {
  options = cost === 'light' ? LIGHT_ARGON2_OPTIONS : ARGON2_OPTIONS;
  dummyHash = null;
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password. With no stored hash (unknown account) it still spends the same work on
 * a dummy hash, so the answer takes the same time whether or not the account exists.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('not-a-real-password-' + Math.random());
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
