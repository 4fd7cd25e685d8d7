import type { RecoveryCodes } from '@app/shared/browser';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { replaceRecoveryCodes } from './recovery-codes.ts';
import { requireRecentSecondFactor } from './step-up.ts';

/** A new set of recovery codes (the old ones stop working), shown once; needs a recent second factor. */
export async function regenerateRecoveryCodes(db: Db, caller: SessionUser): Promise<RecoveryCodes> {
  requireRecentSecondFactor(caller);
  return { recoveryCodes: await db.transaction((tx) => replaceRecoveryCodes(tx, caller.id)) };
}
