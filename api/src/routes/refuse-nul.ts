import type { RequestHandler } from 'express';
import { AppError } from '../lib/app-error.ts';

const MAX_DEPTH = 32;

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

/**
 * PostgreSQL refuses NUL in text, so a NUL anywhere in the path, query or JSON body would
 * surface as a 500 from whichever query met it first. Refuse it once, for every route.
 */
export const refuseNul: RequestHandler = (req, _res, next) => {
  if (/%00/i.test(req.originalUrl) || hasNul(req.body)) {
    return next(new AppError('bad_request', 'The request contains a NUL character, which is not allowed.'));
  }
  next();
};
