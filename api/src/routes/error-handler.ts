import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { AppError, errorStatus } from '../lib/app-error.ts';

/** Unknown /api paths answer JSON, never Express's HTML page. */
export const notFound: RequestHandler = (req, _res, next) => {
  next(new AppError('not_found', `No API route for ${req.method} ${req.path}`));
};

/**
 * The one place errors become responses: `{ message, code }`, so the browser's rule
 * ("status: message") shows the spec's texts. 5xx never reveals internals.
 */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.headersSent) return;
  if (err instanceof AppError) {
    const retryAfter = (err.details as { retryAfter?: number } | undefined)?.retryAfter;
    if (retryAfter) res.setHeader('Retry-After', String(retryAfter));
    res.status(errorStatus[err.code]).json({ message: err.message, code: err.code, ...(err.details ? { details: err.details } : {}) });
    return;
  }
  if (err instanceof ZodError) {
    const first = err.issues[0];
    const field = first?.path.join('.');
    res.status(400).json({ message: field ? `${field}: ${first!.message}` : (first?.message ?? 'Invalid request'), code: 'bad_request', details: err.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) });
    return;
  }
  // body-parser errors carry a status and a type.
  const status = typeof err?.status === 'number' ? err.status : 500;
  if (err?.type === 'entity.parse.failed') {
    res.status(400).json({ message: 'The request body is not valid JSON.', code: 'bad_request' });
    return;
  }
  if (err?.type === 'entity.too.large') {
    res.status(413).json({ message: 'The request body is too large.', code: 'payload_too_large' });
    return;
  }
  if (status >= 400 && status < 500) {
    res.status(status).json({ message: 'The request could not be processed.', code: 'bad_request' });
    return;
  }
  req.log?.error({ err }, 'unhandled error');
  res.status(500).json({ message: 'Something went wrong on our side. Please try again later.', code: 'internal' });
};
