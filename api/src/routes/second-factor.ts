import { SecondFactorCodeSchema } from '@app/shared/schemas';
import { Router } from 'express';
import type { AccountDeps } from '../domain/accounts/account-deps.ts';
import { requireUser } from '../domain/accounts/permissions.ts';
import { markSecondFactor } from '../domain/accounts/sessions.ts';
import { toUserDto } from '../domain/accounts/user-dto.ts';
import type { SecretBox } from '../domain/second-factor/secret-box.ts';
import { passCode } from '../domain/second-factor/pass-code.ts';
import { finishSecondStepWithCode } from '../domain/second-factor/second-step.ts';
import { anyone, signedIn } from './access.ts';
import { clearSecondStepCookie, readSecondStepCookie, type CookieSettings, type SessionReader } from './session-cookie.ts';
import { sessionStarter } from './start-session.ts';

type Deps = AccountDeps & { cookies: CookieSettings; session: SessionReader; secrets: SecretBox };

/**
 * The second factor at sign-in and after (issue 52): the sign-in's second step (after the
 * password, a pending sign-in in a cookie) and a signed-in member passing their factor again
 * (staff whose session has none yet, a step-up before a dangerous action).
 */
export function secondFactorRoutes(deps: Deps): Router {
  const r = Router();
  const startSession = sessionStarter(deps);

  r.post('/login/second-factor', anyone, async (req, res) => {
    const { code } = SecondFactorCodeSchema.parse(req.body);
    const user = await finishSecondStepWithCode(deps, readSecondStepCookie(req, deps.cookies), code, req.ip ?? 'unknown');
    clearSecondStepCookie(res, deps.cookies);
    await startSession(req, res, user, { secondFactor: true });
    res.json(toUserDto(user));
  });

  r.post('/auth/second-factor', signedIn, async (req, res) => {
    const session = await deps.session(req);
    const user = requireUser(session?.user ?? null);
    const { code } = SecondFactorCodeSchema.parse(req.body);
    await passCode(deps, user, code, req.ip ?? 'unknown');
    await markSecondFactor(deps.db, session!.idHash);
    res.json({ message: 'Thank you, that is confirmed.' });
  });

  return r;
}
