import { RECOVERY_CODE_COUNT } from '@app/shared/browser';
import { newRecoveryCode, recoveryCodeHash } from '@app/shared/second-factor-secrets';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recoveryCodes } from '../../db/schema/index.ts';

type Tx = Pick<Db, 'insert' | 'delete' | 'update' | 'select'>;

/** Replaces the member's recovery codes with RECOVERY_CODE_COUNT new ones, answered once and stored hashed. */
export async function replaceRecoveryCodes(tx: Tx, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(code) })));
  return codes;
}

/** Uses a recovery code: true once for each of the member's unused codes (atomic: two requests with one code, one wins). */
export async function useRecoveryCode(db: Tx, userId: number, code: string): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, recoveryCodeHash(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

export async function recoveryCodesLeft(db: Tx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}
