import type { SecondStepMethod } from '@app/shared/browser';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passkeys, recoveryCodes, totpFactors } from '../../db/schema/index.ts';

/** The second steps a member's sign-in may take; none when they have no second factor. */
export async function secondStepMethods(db: Db, userId: number): Promise<SecondStepMethod[]> {
  const [[totp], [keys], [codes]] = await Promise.all([
    db.select({ n: count() }).from(totpFactors).where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt))),
    db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
    db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
  ]);
  const methods: SecondStepMethod[] = [];
  if (Number(totp?.n) > 0) methods.push('totp');
  if (Number(keys?.n) > 0) methods.push('passkey');
  if (methods.length > 0 && Number(codes?.n) > 0) methods.push('recovery-code');
  return methods;
}
