import type { CmsSignInAttempt } from '@app/shared/schemas';
import type { Db } from '../../db/client.ts';
import { ADDRESS_FREE_TRIES, STAFF_FREE_TRIES } from '../accounts/login.ts';
import { takeAttempt, type LimitRule } from '../rate-limit/attempts.ts';

/**
 * The CMS's password sign-ins, throttled as the site's staff sign-ins are (accounts/login.ts):
 * per account and address (4 free tries, then growing waits) and per address (30). Nothing is
 * counted per account alone, so guesses from one address never lock the editor out of another.
 */
export function cmsSignInRules({ account, address }: CmsSignInAttempt): LimitRule[] {
  return [
    { key: `cms-login:account-ip:${account}:${address}`, freeTries: STAFF_FREE_TRIES },
    { key: `cms-login:ip:${address}`, freeTries: ADDRESS_FREE_TRIES },
  ];
}

/** Counts one attempt before Payload checks the password (atomic: parallel guesses cannot pass together); 429 past the limit. */
export async function takeCmsSignInAttempt(db: Db, attempt: CmsSignInAttempt): Promise<number[]> {
  return takeAttempt(db, cmsSignInRules(attempt), (s) => `Too many sign-in attempts. Please wait ${s} second${s === 1 ? '' : 's'} and try again.`);
}
