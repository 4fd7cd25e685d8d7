import { parse, serialize } from 'cookie';
import type { Request, Response } from 'express';
import type { Db } from '../db/client.ts';
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

export type SessionReader = (req: Request) => Promise<ActiveSession | null>;
/** Who is asking, for routes that need the user and not the session itself. */
export type UserReader = (req: Request) => Promise<UserRow | null>;

export const userReader = (session: SessionReader): UserReader => async (req) => (await session(req))?.user ?? null;

/** Resolves the request's session once per request, however many times it is asked. */
export function createSessionReader(db: Db, s: CookieSettings): SessionReader {
  const cache = new WeakMap<Request, Promise<ActiveSession | null>>();
  return (req) => {
    let found = cache.get(req);
    if (!found) {
      const header = req.headers.cookie;
      found = header ? resolveSession(db, parse(header)[cookieName(s)]) : Promise.resolve(null);
      cache.set(req, found);
    }
    return found;
  };
}
