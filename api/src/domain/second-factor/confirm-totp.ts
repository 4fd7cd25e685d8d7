import type { ConfirmTotpInput, RecoveryCodes } from '@app/shared/schemas';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { totpFactors } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { siteNameOf } from '../accounts/account-deps.ts';
import { mailToMember } from '../accounts/mail-to-member.ts';
import { markSecondFactor, type SessionUser } from '../accounts/sessions.ts';
import type { FactorDeps } from './factor-deps.ts';
import { factorAddedMail } from './factor-mails.ts';
import { firstRecoveryCodes } from './first-recovery-codes.ts';
import { acceptedStep } from '@app/shared/second-factor-secrets';

export const WRONG_SETUP_CODE = "That code didn't match. Check that your phone's clock is right and type the newest code.";

/**
 * Finishes setting up the authenticator app with its first code (±1 step of drift). The session
 * has passed a second factor now; a member's first factor comes with their recovery codes (shown
 * once). The member is mailed.
 */
export async function confirmTotp(deps: FactorDeps, caller: SessionUser, sessionIdHash: string, input: ConfirmTotpInput): Promise<Partial<RecoveryCodes>> {
  const codes = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(totpFactors).where(and(eq(totpFactors.userId, caller.id), isNull(totpFactors.confirmedAt))).for('update');
    if (!row) throw new AppError('conflict', 'There is no authenticator setup to finish. Please start again.');
    const secret = deps.secrets.open(row.secret);
    const step = secret ? await acceptedStep(secret, input.code, row.lastStep) : null;
    if (step === null) throw new AppError('bad_request', WRONG_SETUP_CODE);
    await tx.update(totpFactors).set({ confirmedAt: sql`now()`, lastStep: step }).where(eq(totpFactors.userId, caller.id));
    await markSecondFactor(tx, sessionIdHash);
    return firstRecoveryCodes(tx, caller.id);
  });
  await mailToMember(deps, caller, factorAddedMail(siteNameOf(deps), deps.publicUrl, 'authenticator'));
  return codes ? { recoveryCodes: codes } : {};
}
