import { parse, serialize } from 'cookie';
import type { Request, Response } from 'express';
import type { Db } from '../db/client.ts';
import type { SessionCache } from '../domain/accounts/session-cache.ts';
import { resolveSession, type ActiveSession } from '../domain/accounts/sessions.ts';
import { cookieName, type CookieSettings } from '../domain/accounts/session-cookie-settings.ts';
import type { UserRow } from '../domain/accounts/user-dto.ts';

export type { CookieSettings };

/**
 * A readable hint that a session exists, holding nothing secret: static pages use it to hide
 * the Log In buttons before first paint. The API never trusts it.
 */
export const SIGNED_IN_HINT = 'signed_in';

export function setSessionCookie(res: Response, s: CookieSettings, token: string, expiresAt: Date) {
  res.append('Set-Cookie', serialize(cookieName(s), token, { httpOnly: true, sameSite: 'lax', secure: s.secure, path: '/', expires: expiresAt }));
  res.append('Set-Cookie', serialize(SIGNED_IN_HINT, '1', { sameSite: 'lax', secure: s.secure, path: '/', expires: expiresAt }));
}

export function clearSessionCookie(res: Response, s: CookieSettings) {
  res.append('Set-Cookie', serialize(cookieName(s), '', { httpOnly: true, sameSite: 'lax', secure: s.secure, path: '/', maxAge: 0 }));
  res.append('Set-Cookie', serialize(SIGNED_IN_HINT, '', { sameSite: 'lax', secure: s.secure, path: '/', maxAge: 0 }));
}

/** A sign-in waiting for its second step (domain/second-factor/second-step.ts): its token, for 5 minutes, sent to the API only. */
const secondStepCookie = (s: CookieSettings) => (s.secure ? '__Secure-second_step' : 'second_step');

export function setSecondStepCookie(res: Response, s: CookieSettings, token: string, expiresAt: Date) {
  res.append('Set-Cookie', serialize(secondStepCookie(s), token, { httpOnly: true, sameSite: 'strict', secure: s.secure, path: '/api', expires: expiresAt }));
}

export function clearSecondStepCookie(res: Response, s: CookieSettings) {
  res.append('Set-Cookie', serialize(secondStepCookie(s), '', { httpOnly: true, sameSite: 'strict', secure: s.secure, path: '/api', maxAge: 0 }));
}

export function readSecondStepCookie(req: Request, s: CookieSettings): string | undefined {
  const header = req.headers.cookie;
  return header ? parse(header)[secondStepCookie(s)] : undefined;
}

/** The browser's own long-lived random id (stored hashed): a sign-in from a browser new to an account is mailed to its member. */
const browserCookie = (s: CookieSettings) => (s.secure ? '__Host-browser' : 'browser');
const BROWSER_COOKIE_DAYS = 400;

export function setBrowserCookie(res: Response, s: CookieSettings, id: string) {
  res.append('Set-Cookie', serialize(browserCookie(s), id, { httpOnly: true, sameSite: 'lax', secure: s.secure, path: '/', maxAge: BROWSER_COOKIE_DAYS * 24 * 60 * 60 }));
}

export function readBrowserCookie(req: Request, s: CookieSettings): string | undefined {
  const header = req.headers.cookie;
  return header ? parse(header)[browserCookie(s)] : undefined;
}

export type SessionReader = (req: Request) => Promise<ActiveSession | null>;
/** Who is asking, for routes that need the user and not the session itself. */
export type UserReader = (req: Request) => Promise<UserRow | null>;

export const userReader = (session: SessionReader): UserReader => async (req) => (await session(req))?.user ?? null;

/**
 * Resolves the request's session once per request, however many times it is asked. Reads (GET,
 * HEAD) may be answered from the session cache; a state-changing request always reads the
 * database, and its caller's cached sessions are dropped before and after it, so what it changed
 * (a sign-out, a new tier, a new name) is what the caller's next read sees.
 */
export function createSessionReader(db: Db, s: CookieSettings, cache?: SessionCache | null): SessionReader {
  const found = new WeakMap<Request, Promise<ActiveSession | null>>();
  return (req) => {
    let session = found.get(req);
    if (!session) {
      const header = req.headers.cookie;
      const reading = req.method === 'GET' || req.method === 'HEAD';
      session = header ? resolveSession(db, parse(header)[cookieName(s)], reading ? cache : null) : Promise.resolve(null);
      if (cache && !reading) {
        session = session.then((active) => {
          if (active) {
            cache.dropUser(active.user.id);
            req.res?.once('finish', () => cache.dropUser(active.user.id));
          }
          return active;
        });
      }
      found.set(req, session);
    }
    return session;
  };
}
