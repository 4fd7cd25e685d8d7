import type { AccountDeps } from '../accounts/account-deps.ts';
import type { SecretBox } from '@app/shared/second-factor-secrets';

/**
 * What the second factor's use cases need: the accounts' (database, mail, the site's name and
 * address), the box authenticator secrets are sealed in, and the relying party passkeys are made
 * for — PUBLIC_URL's host and origin (issue 52).
 */
export type FactorDeps = AccountDeps & { secrets: SecretBox };

export type RelyingParty = { id: string; origin: string };

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin };
}
