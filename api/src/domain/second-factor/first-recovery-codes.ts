import type { Db } from '../../db/client.ts';
import { recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A member's first factor comes with recovery codes; later ones keep the set they have (null). */
export async function firstRecoveryCodes(tx: Tx, userId: number): Promise<string[] | null> {
  if ((await recoveryCodesLeft(tx, userId)) > 0) return null;
  return replaceRecoveryCodes(tx, userId);
}
