import type { CmsSignInSucceeded } from '@app/shared/schemas';
import type { Db } from '../../db/client.ts';
import { clearAttempts, refund } from '../rate-limit/attempts.ts';
import { cmsSignInRules } from './take-cms-sign-in-attempt.ts';

/** A CMS sign-in succeeded: its own attempt does not count, and the account's failures from that address are forgotten. */
export async function cmsSignInSucceeded(db: Db, input: CmsSignInSucceeded): Promise<void> {
  await refund(db, input.attempt);
  await clearAttempts(db, [cmsSignInRules(input)[0]!.key]);
}
