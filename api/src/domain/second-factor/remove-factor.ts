import { isStaff } from '@app/shared/browser';
import { eq, sql } from 'drizzle-orm';
import { passkeys, recoveryCodes, totpFactors } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hasSecondFactorSql, type SessionUser } from '../accounts/sessions.ts';
import { checkCurrentPassword } from '../profile/check-current-password.ts';
import { requireRecentSecondFactor } from './step-up.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const STAFF_KEEP_A_FACTOR = 'Staff accounts must keep a second factor. Add another passkey or an authenticator app before removing this one.';

/**
 * Turning a factor off needs the password and a second factor within the last 10 minutes
 * (issue 52 #5). `remove` deletes it inside a transaction; when it was the member's last factor
 * their recovery codes go too — and staff may not remove their last one.
 */
export async function removeFactor(db: Db, caller: SessionUser, password: string, remove: (tx: Tx) => Promise<boolean>): Promise<void> {
  requireRecentSecondFactor(caller);
  await checkCurrentPassword(db, caller, password);
  await db.transaction(async (tx) => {
    // One member's factor changes one at a time, so two removals cannot both leave staff with none.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`second-factor:${caller.id}`}, 0))`);
    if (!(await remove(tx))) throw new AppError('not_found', 'That second factor was not found.');
    const { rows } = await tx.execute<{ has: boolean }>(sql`select ${hasSecondFactorSql(caller.id)} as has`);
    if (rows[0]?.has) return;
    if (isStaff(caller.role)) throw new AppError('conflict', STAFF_KEEP_A_FACTOR);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, caller.id));
  });
}

export const deleteTotp = (userId: number) => async (tx: Tx) => (await tx.delete(totpFactors).where(eq(totpFactors.userId, userId)).returning({ id: totpFactors.userId })).length > 0;
export const deletePasskey = (userId: number, id: number) => async (tx: Tx) => (await tx.delete(passkeys).where(sql`${passkeys.userId} = ${userId} and ${passkeys.id} = ${id}`).returning({ id: passkeys.id })).length > 0;
