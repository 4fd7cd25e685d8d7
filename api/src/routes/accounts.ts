import { Router, type Request } from 'express';
import type { Db } from '../db/client.ts';
import type { AccountDeps } from '../domain/accounts/account-deps.ts';
import { confirmEmail } from '../domain/accounts/confirm-email.ts';
import { login } from '../domain/accounts/login.ts';
import { requestPasswordReset } from '../domain/accounts/request-password-reset.ts';
import { resetPassword } from '../domain/accounts/reset-password.ts';
import { ConfirmEmailSchema, LoginSchema, RegisterSchema, RequestPasswordResetSchema, ResetPasswordSchema, type SecondStepNeeded } from '@app/shared/schemas';
import { requireUser } from '../domain/accounts/permissions.ts';
import { register, type RegisterLimits } from '../domain/accounts/register.ts';
import { resendEmailConfirmation } from '../domain/accounts/resend-email-confirmation.ts';
import { endAllSessions, endSession, listSessions, revokeOwnSession, type ActiveSession } from '../domain/accounts/sessions.ts';
import { toUserDto } from '../domain/accounts/user-dto.ts';
import { beginSecondStep } from '../domain/second-factor/second-step.ts';
import { secondStepMethods } from '../domain/second-factor/second-step-methods.ts';
import { AppError } from '../lib/app-error.ts';
import { type HotRead, privateJsonAnswer } from '../lib/hot-reads.ts';
import { clearSessionCookie, setSecondStepCookie, type CookieSettings, type SessionReader } from './session-cookie.ts';
import { sessionStarter } from './start-session.ts';
import { noStore } from './no-store.ts';
import { sendJson } from './send-validated.ts';
import { anyone, signedIn } from './access.ts';

// A cached session's member is one object until it is dropped (any change to the member drops it,
// session-cache.ts), so its answer is serialized once, not on every read.
const userJsons = new WeakMap<ActiveSession['user'], string>();
function userJson(session: ActiveSession): string {
  let json = userJsons.get(session.user);
  if (json === undefined) userJsons.set(session.user, (json = JSON.stringify(toUserDto(session.user))));
  return json;
}

/**
 * GET /api/user for a signed-in caller before Express (lib/hot-reads.ts): the route's answer, line
 * for line (noStore's Cache-Control, then sendJson's type and length). A visitor — whose answer
 * is a 401 that may clear cookies — and any failure are the route's.
 */
export const currentUserHotRead =
  (session: SessionReader): HotRead =>
  async (req) => {
    const found = await session(req as Request);
    if (!found) return null;
    return privateJsonAnswer(userJson(found));
  };

/**
 * Sign-up, sign-in, sign-out, the current user, own sessions and password reset (spec 01 §7),
 * and confirming an address (DESIGN §7.18): sign-up answers the new account, signed in, and the
 * emailed link (POST /api/auth/confirm-email) confirms its address.
 */
export function accountRoutes(deps: AccountDeps & { cookies: CookieSettings; session: SessionReader; registerLimits: RegisterLimits }): Router {
  const r = Router();
  const db: Db = deps.db;

  r.get('/user', anyone, async (req, res) => {
    const session = await deps.session(req);
    if (!session) {
      // A stale hint would keep hiding the Log In buttons; drop it along with any dead cookie.
      if (req.headers.cookie) clearSessionCookie(res, deps.cookies);
      throw new AppError('unauthorized', 'Not authenticated');
    }
    noStore(res);
    // What res.json sends (no ETag here), without Express working out the type and charset again.
    sendJson(res, userJson(session));
  });

  const startSession = sessionStarter(deps);

  r.post('/register', anyone, async (req, res) => {
    const user = await register(deps, RegisterSchema.parse(req.body), req.ip ?? 'unknown', deps.registerLimits);
    await startSession(req, res, user, { newAccount: true });
    res.status(201).json(toUserDto(user));
  });

  r.post('/auth/confirm-email', anyone, async (req, res) => {
    const user = await confirmEmail(db, ConfirmEmailSchema.parse(req.body));
    // The link proves the address, not the second factor: a member with one signs in as usual.
    if ((await secondStepMethods(db, user.id)).length === 0) await startSession(req, res, user, { newAccount: true });
    res.json(toUserDto(user));
  });

  r.post('/auth/resend-confirmation', signedIn, async (req, res) => {
    res.json(await resendEmailConfirmation(deps, (await deps.session(req))?.user ?? null));
  });

  // The password, then — for a member with a second factor — a pending sign-in that the second
  // step finishes (routes/second-factor.ts); no session until then.
  r.post('/login', anyone, async (req, res) => {
    const user = await login(deps, LoginSchema.parse(req.body), req.ip ?? 'unknown');
    const methods = await secondStepMethods(db, user.id);
    if (methods.length > 0) {
      const pending = await beginSecondStep(db, user);
      setSecondStepCookie(res, deps.cookies, pending.token, pending.expiresAt);
      res.json({ secondFactorRequired: true, methods, message: 'Please confirm it is you with your second factor.' } satisfies SecondStepNeeded);
      return;
    }
    await startSession(req, res, user);
    res.json(toUserDto(user));
  });

  r.post('/logout', anyone, async (req, res) => {
    const session = await deps.session(req);
    if (session) await endSession(db, session.idHash);
    clearSessionCookie(res, deps.cookies);
    res.json({ message: 'You have been logged out successfully.' });
  });

  // Sign out everywhere (issue 52 #5): every session ends, this one too.
  r.post('/logout/everywhere', signedIn, async (req, res) => {
    const session = await deps.session(req);
    const user = requireUser(session?.user ?? null);
    await endAllSessions(db, user.id);
    clearSessionCookie(res, deps.cookies);
    res.json({ message: 'You have been signed out on every device.' });
  });

  r.get('/sessions', signedIn, async (req, res) => {
    const session = await deps.session(req);
    const user = requireUser(session?.user ?? null);
    res.json(await listSessions(db, user.id, session!.idHash));
  });

  // Sign out everywhere else: every other session ends, and with them any pending email change.
  r.delete('/sessions', signedIn, async (req, res) => {
    const session = await deps.session(req);
    const user = requireUser(session?.user ?? null);
    await endAllSessions(db, user.id, session!.idHash);
    res.json({ message: 'Every other device has been signed out.' });
  });

  r.delete('/sessions/:id', signedIn, async (req, res) => {
    const session = await deps.session(req);
    const user = requireUser(session?.user ?? null);
    await revokeOwnSession(db, user.id, req.params.id);
    res.status(204).end();
  });

  r.post('/request-password-reset', anyone, async (req, res) => {
    res.json(await requestPasswordReset(deps, RequestPasswordResetSchema.parse(req.body)));
  });

  r.post('/reset-password', anyone, async (req, res) => {
    res.json(await resetPassword(deps, ResetPasswordSchema.parse(req.body)));
  });

  return r;
}
