// How large a request body the front door lets through: the edge's table (edge-table.mjs), which
// deploy/Caddyfile is held to.
import { Transform } from 'node:stream';
import { BODY_LIMITS, bodyLimitClass, jsonErrors } from './edge-table.mjs';

const limitOf = (name) => BODY_LIMITS.find((c) => c.name === name).bytes;
export const JSON_BODY_LIMIT = limitOf('other');
export const CMS_ADMIN_BODY_LIMIT = limitOf('cms-admin');
export const UPLOAD_BODY_LIMIT = limitOf('upload');
export const ARTICLE_IMPORT_BODY_LIMIT = limitOf('article-import');

/** The largest body accepted for a request, given the path the front door routes on. */
export function bodyLimit(method, path) {
  return bodyLimitClass(method, path).bytes;
}

/** Whether the declared Content-Length is over the limit (checked before a byte of the body is read). */
export function declaredTooLarge(req, limit) {
  const declared = Number(req.headers['content-length'] ?? 0);
  return !Number.isFinite(declared) || declared > limit;
}

/**
 * The request body, counted as it streams (chunked bodies declare no length): past the limit it
 * stops passing bytes on and calls `onExceeded` once.
 */
export function countedBody(req, limit, onExceeded) {
  let seen = 0;
  let exceeded = false;
  const counted = new Transform({
    transform(chunk, _encoding, done) {
      if (exceeded) return done();
      seen += chunk.length;
      if (seen <= limit) return done(null, chunk);
      exceeded = true;
      req.unpipe(counted);
      onExceeded();
      done();
    },
  });
  req.pipe(counted);
  return counted;
}

/** The 413 answer, naming the class's limit: the API's JSON error shape for /api (and JSON for the CMS's API), text elsewhere. */
export function tooLargeResponse(method, path) {
  const message = bodyLimitClass(method, path).tooLarge;
  return jsonErrors(path)
    ? { type: 'application/json', body: JSON.stringify({ message, code: 'payload_too_large' }) }
    : { type: 'text/plain; charset=utf-8', body: message };
}

/** The largest body the hot path reads whole before relaying it (server.mjs): a beacon, a comment, a post. */
export const SMALL_BODY = 16 * 1024;
