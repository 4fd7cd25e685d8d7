import { STEP_UP_MS, type SecondFactorStanding } from '@app/shared/browser';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import type { UserRow } from '../accounts/user-dto.ts';

export const STEP_UP_MESSAGE = 'Please confirm it is you with your second factor to continue.';
export const SET_UP_MESSAGE = 'Staff accounts need a second factor. Set up a passkey or an authenticator app in Profile → Security to continue.';

/**
 * Dangerous actions (deleting or banning a member, changing a role, exports, newsletters,
 * deploying, settings; turning a factor off) ask for the second factor again when this session's
 * last one is older than 10 minutes (issue 52 #4): 403 `second_factor_required`, and the page asks
 * for it and retries. A caller that is not a session's (a job, a test's row) has none, so is refused.
 */
export function requireRecentSecondFactor(caller: UserRow, nowMs = Date.now()): void {
  const session = caller as Partial<SessionUser>;
  if (!session.hasSecondFactor) throw new AppError('second_factor_setup_required', SET_UP_MESSAGE);
  const at = session.secondFactorAt;
  if (!at || nowMs - at.getTime() > STEP_UP_MS) throw new AppError('second_factor_required', STEP_UP_MESSAGE);
}



/** GET /api/auth/second-factor: whether the member has a factor, and until when this session's counts as recent. */
export function secondFactorStanding(caller: SessionUser): SecondFactorStanding {
  const at = caller.secondFactorAt;
  return { hasSecondFactor: caller.hasSecondFactor, verifiedAt: at?.toISOString() ?? null, recentUntil: at ? new Date(at.getTime() + STEP_UP_MS).toISOString() : null };
}
