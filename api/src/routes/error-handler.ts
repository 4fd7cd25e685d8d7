import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
// The core class: errors of zod/mini schemas (the forms' schemas, which the browser ships) are not classic ZodErrors.
import { $ZodError } from 'zod/v4/core';
import { AppError, errorStatus } from '../lib/app-error.ts';
import { BUSY_MESSAGE, isDatabaseUnavailable } from '../lib/database-unavailable.ts';

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
    if (errorStatus[err.code] >= 500) return serverError(req, res, errorStatus[err.code], err.message, err, { code: err.code, ...(err.details ? { details: err.details } : {}) });
    const retryAfter = (err.details as { retryAfter?: number } | undefined)?.retryAfter;
    if (retryAfter) res.setHeader('Retry-After', String(retryAfter));
    res.status(errorStatus[err.code]).json({ message: err.message, code: err.code, ...(err.details ? { details: err.details } : {}) });
    return;
  }
  if (err instanceof $ZodError) {
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
    // Named as the edge names its limits (packages/front-door's table): the sender learns how much fits.
    const limit = typeof err.limit === 'number' ? `: at most ${Math.ceil(err.limit / 1024)} KB` : '';
    res.status(413).json({ message: `The request body is too large${limit}.`, code: 'payload_too_large' });
    return;
  }
  if (status >= 400 && status < 500) {
    res.status(status).json({ message: 'The request could not be processed.', code: 'bad_request' });
    return;
  }
  if (isDatabaseUnavailable(err)) {
    req.log?.warn({ err: (err as Error).message }, 'database unavailable');
    res.setHeader('Retry-After', '2');
    serverError(req, res, 503, BUSY_MESSAGE, err, { code: 'unavailable' });
    return;
  }
  req.log?.error({ err }, 'unhandled error');
  serverError(req, res, 500, 'Something went wrong on our side. Please try again later.', err, { code: 'internal' });
};

/** A 5xx carries the request's id (also in X-Request-Id and the log line), so a member's report can be traced. */
function serverError(req: Request, res: Response, status: number, message: string, err: unknown, extra: { code: string; details?: unknown }) {
  res.locals.errorMessage = err instanceof Error ? err.message : message;
  res.status(status).json({ message, ...extra, requestId: String(req.id) });
}
