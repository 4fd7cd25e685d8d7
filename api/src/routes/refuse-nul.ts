import type { RequestHandler } from 'express';
import { AppError } from '../lib/app-error.ts';
import { hasNul, NUL_MESSAGE } from '../lib/nul.ts';

/**
 * PostgreSQL refuses NUL in text, so a NUL anywhere in the path, query or JSON body would
 * surface as a 500 from whichever query met it first. Refuse it once, for every route (the chat
 * socket refuses it the same way).
 */
export const refuseNul: RequestHandler = (req, _res, next) => {
  if (/%00/i.test(req.originalUrl) || hasNul(req.body)) return next(new AppError('bad_request', NUL_MESSAGE));
  next();
};
