import { isTotpCode } from '@app/shared/browser';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import { totpFactors } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { siteNameOf } from '../accounts/account-deps.ts';
import { signInLimits, tooManySignIns } from '../accounts/login.ts';
import { mailToMember } from '../accounts/mail-to-member.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { refund, takeAttempt } from '../rate-limit/attempts.ts';
import type { FactorDeps } from './factor-deps.ts';
import { recoveryCodeUsedMail } from './factor-mails.ts';
import { recoveryCodesLeft, useRecoveryCode } from './recovery-codes.ts';
import { acceptedStep } from '@app/shared/second-factor-secrets';

export const WRONG_CODE = "That code isn't right. Please try again.";

/**
 * A typed second factor: a code from the member's authenticator app (±1 step of drift, each
 * step once — a code's step is recorded atomically, so a replayed or parallel code fails) or one
 * of their recovery codes (each once; the member is mailed). Every try counts toward the sign-in
 * throttle (login.ts) before it is checked; a right one is taken back.
 */
export async function passCode(deps: FactorDeps, user: UserRow, code: string, ip: string): Promise<'totp' | 'recovery-code'> {
  const attempt = await takeAttempt(deps.db, signInLimits(user, user.username, ip), tooManySignIns);
  const method = isTotpCode(code) ? ((await passTotp(deps, user.id, code)) && 'totp') : (await useRecoveryCode(deps.db, user.id, code)) && 'recovery-code';
  if (!method) throw new AppError('unauthorized', WRONG_CODE);
  await refund(deps.db, attempt);
  if (method === 'recovery-code') await mailToMember(deps, user, recoveryCodeUsedMail(siteNameOf(deps), deps.publicUrl, await recoveryCodesLeft(deps.db, user.id)));
  return method;
}

async function passTotp(deps: FactorDeps, userId: number, code: string): Promise<boolean> {
  const [row] = await deps.db.select().from(totpFactors).where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  const secret = row ? deps.secrets.open(row.secret) : null;
  if (!row || !secret) return false;
  const step = await acceptedStep(secret, code, row.lastStep);
  if (step === null) return false;
  // Only the first request with this step moves it: a code works once, however many race it.
  const moved = await deps.db
    .update(totpFactors)
    .set({ lastStep: step })
    .where(and(eq(totpFactors.userId, userId), lt(totpFactors.lastStep, step)))
    .returning({ step: totpFactors.lastStep });
  return moved.length === 1;
}
