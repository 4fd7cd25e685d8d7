import { PasskeyAnswerSchema, PasskeySignInOptionsSchema, PasskeySignInSchema, SecondFactorCodeSchema } from '@app/shared/schemas';
import { Router } from 'express';
import type { AccountDeps } from '../domain/accounts/account-deps.ts';
import { requireUser } from '../domain/accounts/permissions.ts';
import { markSecondFactor } from '../domain/accounts/sessions.ts';
import { toUserDto } from '../domain/accounts/user-dto.ts';
import type { SecretBox } from '@app/shared/second-factor-secrets';
import { passCode } from '../domain/second-factor/pass-code.ts';
import { passkeyAuthenticationOptions } from '../domain/second-factor/passkey-options.ts';
import { finishSecondStepWithCode, pendingMember, SIGN_IN_EXPIRED } from '../domain/second-factor/second-step.ts';
import { takeChallenge } from '../domain/second-factor/challenges.ts';
import { passPasskey } from '../domain/second-factor/verify-passkey.ts';
import { AppError } from '../lib/app-error.ts';
import { noStore } from './no-store.ts';
import { secondFactorStanding } from '../domain/second-factor/step-up.ts';
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

  // A passkey alone (discoverable: the browser's account picker), or as the pending sign-in's second step.
  r.post('/login/passkey/options', anyone, async (req, res) => {
    const { for: purpose } = PasskeySignInOptionsSchema.parse(req.body ?? {});
    if (purpose === 'sign-in') return void res.json(await passkeyAuthenticationOptions(deps, 'passkey-sign-in', null));
    const user = await pendingMember(deps.db, readSecondStepCookie(req, deps.cookies));
    res.json(await passkeyAuthenticationOptions(deps, 'passkey-second-step', { userId: user.id }));
  });

  r.post('/login/passkey', anyone, async (req, res) => {
    const input = PasskeySignInSchema.parse(req.body);
    if (input.for === 'second-step') {
      const pending = await pendingMember(deps.db, readSecondStepCookie(req, deps.cookies));
      const { user } = await passPasskey(deps, input, 'passkey-second-step', (c) => c.userId === pending.id);
      // The pending sign-in is used once, like the challenge.
      if (!(await takeChallenge(deps.db, readSecondStepCookie(req, deps.cookies), 'second-step'))) throw new AppError('unauthorized', SIGN_IN_EXPIRED);
      clearSecondStepCookie(res, deps.cookies);
      await startSession(req, res, user, { secondFactor: true });
      return void res.json(toUserDto(user));
    }
    const { user } = await passPasskey(deps, input, 'passkey-sign-in');
    await startSession(req, res, user, { secondFactor: true });
    res.json(toUserDto(user));
  });

  r.post('/auth/passkey/options', signedIn, async (req, res) => {
    const session = await deps.session(req);
    const user = requireUser(session?.user ?? null);
    res.json(await passkeyAuthenticationOptions(deps, 'passkey-verify', { userId: user.id, sessionIdHash: session!.idHash }));
  });

  r.post('/auth/passkey', signedIn, async (req, res) => {
    const session = await deps.session(req);
    requireUser(session?.user ?? null);
    await passPasskey(deps, PasskeyAnswerSchema.parse(req.body), 'passkey-verify', (c) => c.sessionIdHash === session!.idHash);
    await markSecondFactor(deps.db, session!.idHash);
    res.json({ message: 'Thank you, that is confirmed.' });
  });

  // Whether this session's second factor is recent enough for a dangerous action, so a page can ask before a download.
  r.get('/auth/second-factor', signedIn, async (req, res) => {
    const session = await deps.session(req);
    requireUser(session?.user ?? null);
    noStore(res);
    res.json(secondFactorStanding(session!.user));
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
