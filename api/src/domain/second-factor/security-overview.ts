import { isStaff, type SecurityOverview } from '@app/shared/browser';
import { asc, eq } from 'drizzle-orm';
import { passkeys, totpFactors } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import { recoveryCodesLeft } from './recovery-codes.ts';

/** GET /api/profile/security: the member's factors as they see them (never a secret, a key or a code). */
export async function getSecurityOverview(db: Db, caller: SessionUser): Promise<SecurityOverview> {
  const [totp] = await db.select({ confirmedAt: totpFactors.confirmedAt }).from(totpFactors).where(eq(totpFactors.userId, caller.id));
  const keys = await db.select().from(passkeys).where(eq(passkeys.userId, caller.id)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return {
    totp: { enabled: Boolean(totp?.confirmedAt), enabledAt: totp?.confirmedAt?.toISOString() ?? null },
    passkeys: keys.map((k) => ({ id: k.id, name: k.name, createdAt: k.createdAt.toISOString(), lastUsedAt: k.lastUsedAt?.toISOString() ?? null })),
    recoveryCodesLeft: await recoveryCodesLeft(db, caller.id),
    required: isStaff(caller.role),
    verifiedAt: caller.secondFactorAt?.toISOString() ?? null,
  };
}
