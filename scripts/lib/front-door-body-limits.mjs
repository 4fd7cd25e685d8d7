// How large a request body the front door lets through (scripts/front-door.mjs). deploy/Caddyfile
// states the same limits for production.
import { Transform } from 'node:stream';

const KB = 1024;
const MB = 1024 * KB;

/** JSON and form bodies: nothing the site, the API or the CMS accepts comes near this. */
export const JSON_BODY_LIMIT = 512 * KB;
/** The CMS admin's server actions carry a document's whole form state: Next's own limit for them. */
export const CMS_ADMIN_BODY_LIMIT = 1 * MB;
/**
 * Uploads, a little above what the service behind accepts, so that service answers with its own
 * message: the article ZIP (multer's 20 MB file limit in api/src/routes/admin-articles.ts), CMS
 * media (Payload's default 20 MB file limit) and avatars (5 MB, api/src/routes/profile.ts: the API
 * answers "Images must be 5 MB or smaller.").
 */
export const UPLOAD_BODY_LIMIT = 21 * MB;

const UPLOADS = [/^\/api\/admin\/articles\/upload$/, /^\/api\/profile\/avatar$/, /^\/cms\/api\/media(\/[^/]+)?$/];

/** The largest body accepted for a request, given the path the front door routes on. */
export function bodyLimit(method, path) {
  if ((method === 'POST' || method === 'PATCH') && UPLOADS.some((route) => route.test(path))) return UPLOAD_BODY_LIMIT;
  if (path === '/cms/admin' || path.startsWith('/cms/admin/')) return CMS_ADMIN_BODY_LIMIT;
  return JSON_BODY_LIMIT;
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

/** The 413 answer: the API's JSON error shape for /api (and JSON for the CMS's API), text elsewhere. */
export function tooLargeResponse(path) {
  const json = path === '/api' || path.startsWith('/api/') || path.startsWith('/cms/');
  return json
    ? { type: 'application/json', body: JSON.stringify({ message: 'The request body is too large.', code: 'payload_too_large' }) }
    : { type: 'text/plain; charset=utf-8', body: 'The request body is too large.' };
}
