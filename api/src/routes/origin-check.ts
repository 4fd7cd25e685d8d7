import type { RequestHandler } from 'express';
import { AppError } from '../lib/app-error.ts';
import { crossOrigin, originSet } from '../lib/cross-origin.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Refuses state-changing requests that a browser sent from another site (lib/cross-origin.ts). */
export function originCheck(allowedOrigins: string[]): RequestHandler {
  const allowed = originSet(allowedOrigins);
  return (req, _res, next) => {
    if (SAFE.has(req.method)) return next();
    if (crossOrigin(allowed, req.get('origin'), req.get('sec-fetch-site'))) return next(new AppError('forbidden', 'Cross-origin request refused.'));
    next();
  };
}
