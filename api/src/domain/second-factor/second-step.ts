import { SECOND_STEP_MS } from '@app/shared/browser';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { statusRefusal } from '../accounts/login.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { createChallenge, peekChallenge, takeChallenge } from './challenges.ts';
import type { FactorDeps } from './factor-deps.ts';
import { passCode } from './pass-code.ts';

export const SIGN_IN_EXPIRED = 'Your sign-in has expired. Please enter your password again.';

/**
 * After the right password, a member with a second factor gets no session yet: a pending sign-in
 * (5 minutes, its token in a cookie) that the second step finishes — a code, a recovery code or
 * a passkey (verify-passkey.ts). Wrong codes count toward the sign-in throttle; the pending
 * sign-in itself is used once.
 */
export async function beginSecondStep(db: Db, user: UserRow): Promise<{ token: string; expiresAt: Date }> {
  return createChallenge(db, { purpose: 'second-step', userId: user.id, ttlMs: SECOND_STEP_MS });
}

/** The member a pending sign-in is for, while it is live and they may still sign in. */
export async function pendingMember(db: Db, token: string | undefined): Promise<UserRow> {
  const pending = await peekChallenge(db, token, 'second-step');
  const [user] = pending?.userId ? await db.select().from(users).where(eq(users.id, pending.userId)) : [];
  if (!user || user.deletedAt) throw new AppError('unauthorized', SIGN_IN_EXPIRED);
  const refusal = statusRefusal(user.accountStatus);
  if (refusal) throw new AppError('forbidden', refusal);
  return user;
}

/** Finishes a pending sign-in with a typed code: the member, whose session may now start. */
export async function finishSecondStepWithCode(deps: FactorDeps, token: string | undefined, code: string, ip: string): Promise<UserRow> {
  const user = await pendingMember(deps.db, token);
  await passCode(deps, user, code, ip);
  // Two right codes racing: one sign-in.
  if (!(await takeChallenge(deps.db, token, 'second-step'))) throw new AppError('unauthorized', SIGN_IN_EXPIRED);
  return user;
}
