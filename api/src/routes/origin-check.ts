import type { RequestHandler } from 'express';
import { AppError } from '../lib/app-error.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sent from another site: the Origin header
 * must be one of ours. Requests without Origin are checked with Sec-Fetch-Site; clients that
 * send neither (curl, server-to-server) are not browsers and carry no ambient cookies.
 */
export function originCheck(allowedOrigins: string[]): RequestHandler {
  const allowed = new Set(allowedOrigins.map((o) => new URL(o).origin));
  return (req, _res, next) => {
    if (SAFE.has(req.method)) return next();
    const origin = req.get('origin');
    if (origin) {
      if (origin !== 'null' && allowed.has(origin)) return next();
      return next(new AppError('forbidden', 'Cross-origin request refused.'));
    }
    const site = req.get('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') return next(new AppError('forbidden', 'Cross-origin request refused.'));
    next();
  };
}
