import type { Request, Response } from 'express';
import type { Db } from '../db/client.ts';
import { createSession, endSession } from '../domain/accounts/sessions.ts';
import type { AccountDeps } from '../domain/accounts/account-deps.ts';
import type { UserRow } from '../domain/accounts/user-dto.ts';
import { noteBrowser } from '../domain/second-factor/note-browser.ts';
import { readBrowserCookie, setBrowserCookie, setSessionCookie, type CookieSettings, type SessionReader } from './session-cookie.ts';

export const sessionMeta = (req: Request) => ({ userAgent: req.get('user-agent') ?? null, ip: req.ip ?? null });

export type StartSession = (req: Request, res: Response, user: UserRow, opts?: { secondFactor?: boolean; newAccount?: boolean }) => Promise<void>;

/**
 * Starts a session for this browser (a new id; any session it had before is ended). With
 * `secondFactor`, the sign-in passed one (the second step, a passkey). The browser is remembered,
 * and a sign-in from one the account has not used before is mailed to its member (not a new account's first).
 */
export function sessionStarter(deps: AccountDeps & { db: Db; cookies: CookieSettings; session: SessionReader }): StartSession {
  return async (req, res, user, opts = {}) => {
    const previous = await deps.session(req);
    if (previous) await endSession(deps.db, previous.idHash);
    const { token, expiresAt } = await createSession(deps.db, user, { ...sessionMeta(req), secondFactor: opts.secondFactor });
    setSessionCookie(res, deps.cookies, token, expiresAt);
    const browser = await noteBrowser(deps, user, readBrowserCookie(req, deps.cookies), { userAgent: req.get('user-agent') ?? null, notice: !opts.newAccount });
    setBrowserCookie(res, deps.cookies, browser);
  };
}
