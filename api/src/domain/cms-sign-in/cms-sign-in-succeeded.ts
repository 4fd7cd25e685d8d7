import type { CmsSignInRefund, CmsSignInSucceeded } from '@app/shared/schemas';
import type { Db } from '../../db/client.ts';
import { clearAttempts, refund } from '../rate-limit/attempts.ts';
import { cmsSignInRules } from './take-cms-sign-in-attempt.ts';

/** A CMS sign-in succeeded: its own attempt does not count, and the account's failures from that address are forgotten. */
export async function cmsSignInSucceeded(db: Db, input: CmsSignInSucceeded): Promise<void> {
  await refund(db, input.attempt);
  await clearAttempts(db, [cmsSignInRules(input)[0]!.key]);
}

/**
 * A CMS sign-in whose password was right and which the CMS answered with its second step (a code
 * to type, an authenticator to set up): no guess was made, so its attempt does not count. The
 * account's earlier failures stay (only a whole sign-in forgets them): a wrong code still counts.
 */
export async function cmsPasswordRight(db: Db, input: CmsSignInRefund): Promise<void> {
  await refund(db, input.attempt);
}
