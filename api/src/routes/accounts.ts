import { Router, type Request, type Response } from 'express';
import type { Db } from '../db/client.ts';
import type { AccountDeps } from '../domain/accounts/account-deps.ts';
import { confirmEmail } from '../domain/accounts/confirm-email.ts';
import { login } from '../domain/accounts/login.ts';
import { requestPasswordReset } from '../domain/accounts/request-password-reset.ts';
import { resetPassword } from '../domain/accounts/reset-password.ts';
import { ConfirmEmailSchema, LoginSchema, RegisterSchema, RequestPasswordResetSchema, ResetPasswordSchema } from '@app/shared/schemas';
import { requireUser } from '../domain/accounts/permissions.ts';
import { register, type RegisterLimits } from '../domain/accounts/register.ts';
import { resendEmailConfirmation } from '../domain/accounts/resend-email-confirmation.ts';
import { createSession, endAllSessions, endSession, listSessions, revokeOwnSession } from '../domain/accounts/sessions.ts';
import { toUserDto, type UserRow } from '../domain/accounts/user-dto.ts';
import { AppError } from '../lib/app-error.ts';
import { clearSessionCookie, setSessionCookie, type CookieSettings, type SessionReader } from './session-cookie.ts';
import { noStore } from './no-store.ts';
import { anyone, signedIn } from './access.ts';

const meta = (req: Request) => ({ userAgent: req.get('user-agent') ?? null, ip: req.ip ?? null });

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
    res.json(toUserDto(session.user));
  });

  /** A new session id for this browser; any session it had before is ended. */
  async function startSession(req: Request, res: Response, user: UserRow) {
    const previous = await deps.session(req);
    if (previous) await endSession(db, previous.idHash);
    const { token, expiresAt } = await createSession(db, user, meta(req));
    setSessionCookie(res, deps.cookies, token, expiresAt);
  }

  r.post('/register', anyone, async (req, res) => {
    const user = await register(deps, RegisterSchema.parse(req.body), req.ip ?? 'unknown', deps.registerLimits);
    await startSession(req, res, user);
    res.status(201).json(toUserDto(user));
  });

  r.post('/auth/confirm-email', anyone, async (req, res) => {
    const user = await confirmEmail(db, ConfirmEmailSchema.parse(req.body));
    await startSession(req, res, user);
    res.json(toUserDto(user));
  });

  r.post('/auth/resend-confirmation', signedIn, async (req, res) => {
    res.json(await resendEmailConfirmation(deps, (await deps.session(req))?.user ?? null));
  });

  r.post('/login', anyone, async (req, res) => {
    const user = await login(deps, LoginSchema.parse(req.body), req.ip ?? 'unknown');
    await startSession(req, res, user);
    res.json(toUserDto(user));
  });

  r.post('/logout', anyone, async (req, res) => {
    const session = await deps.session(req);
    if (session) await endSession(db, session.idHash);
    clearSessionCookie(res, deps.cookies);
    res.json({ message: 'You have been logged out successfully.' });
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
