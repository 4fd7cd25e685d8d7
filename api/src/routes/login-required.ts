import type { RequestHandler } from 'express';
import { AppError } from '../lib/app-error.ts';
import type { SessionReader } from './session-cookie.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Every /api route only signed-in callers may use (paths under /api, `:name` for one segment,
 * a trailing `*` for everything below). Who may call is decided before what they sent is read:
 * a visitor gets 401 whatever the body, and the body is never parsed for them. A route listed
 * here still checks roles, tiers and ownership itself.
 */
export const LOGIN_REQUIRED: [Method, string][] = [
  ['GET', '/sessions'],
  ['POST', '/auth/resend-confirmation'],
  ['DELETE', '/sessions'],
  ['DELETE', '/sessions/:id'],
  ['POST', '/articles/:id/comments'],
  ['PUT', '/articles/comments/:commentId'],
  ['DELETE', '/articles/comments/:commentId'],
  ['POST', '/articles/comments/:commentId/hide'],
  ['POST', '/articles/comments/:commentId/restore'],
  ['POST', '/bulletin'],
  ['DELETE', '/bulletin/:id'],
  ['GET', '/chat/rooms'],
  ['POST', '/chat/rooms'],
  ['POST', '/reports'],
  ['GET', '/subscriptions'],
  ['POST', '/subscription/create'],
  ['POST', '/subscription/demo/confirm'],
  ['POST', '/subscriptions/cancel'],
  ['POST', '/subscriptions/resume'],
  ['POST', '/upgrade-membership'],
  ['POST', '/orders'],
  ['GET', '/orders'],
  ['GET', '/orders/:id'],
  ['GET', '/favorites'],
  ['POST', '/favorites/:videoId'],
  ['DELETE', '/favorites/:videoId'],
  ['GET', '/watch-later'],
  ['POST', '/watch-later/:videoId'],
  ['DELETE', '/watch-later/:videoId'],
  ['POST', '/youtube/sync'],
  ['GET', '/games/badges'],
  ['GET', '/backyard/:slug'],
  ['GET', '/profile'],
  ['PUT', '/profile'],
  ['DELETE', '/profile'],
  ['POST', '/profile/avatar'],
  ['DELETE', '/profile/avatar'],
  ['POST', '/profile/password'],
  ['POST', '/profile/email'],
  ['GET', '/profile/export'],
  ['GET', '/profile/sharing'],
  ['PUT', '/profile/sharing'],
  ['GET', '/admin/*'],
  ['POST', '/admin/*'],
  ['PUT', '/admin/*'],
  ['DELETE', '/admin/*'],
];

const toPattern = (path: string) =>
  new RegExp(`^${path.replace(/\/\*$/, '(?:/.*)?').replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`, 'i');
const RULES = LOGIN_REQUIRED.map(([method, path]) => ({ method, pattern: toPattern(path) }));

/** Refuses visitors on the routes above with 401, before any body parser runs. */
export function loginRequired(session: SessionReader): RequestHandler {
  return (req, _res, next) => {
    if (!RULES.some((r) => r.method === req.method && r.pattern.test(req.path))) return next();
    session(req).then(
      (found) => next(found ? undefined : new AppError('unauthorized', 'Please sign in to continue.')),
      next,
    );
  };
}
