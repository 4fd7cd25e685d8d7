// /media/* from the S3-compatible bucket (MEDIA_S3_*, issue 50 #1): the front door reads each file
// from the object's public address below MEDIA_S3_PREFIX — where the CMS's storage adapter and the
// API's store put it — so pages keep naming /media/{file}, one origin, whichever store holds it.
// Caddy does the same in production (deploy/Caddyfile). A missing object is the door's "Not found".
import { pipeline } from 'node:stream';
import { request } from 'undici';
import { mediaObjectUrl } from '@app/shared/server';

/** Request headers a conditional or partial read needs; answer headers a browser may use. Nothing of the bucket's own (x-amz-*). */
const FORWARDED = ['if-none-match', 'if-modified-since', 'range'];
const PASSED = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'];
const pick = (headers, names) => Object.fromEntries(names.filter((n) => headers[n] !== undefined).map((n) => [n, headers[n]]));

/**
 * The object path for a request path below /media/ (what stays once the prefix is stripped): each
 * segment decoded and re-encoded, none empty, `.` or `..`, no control character or backslash; null
 * for anything else, which is answered "Not found" — never a key outside the prefix.
 */
export function mediaObjectPath(rawUrl) {
  const pathname = rawUrl.split('?')[0];
  if (!pathname.startsWith('/')) return null;
  const segments = [];
  for (const segment of pathname.slice(1).split('/')) {
    let name;
    try {
      name = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (!name || name === '.' || name === '..' || /[\\/\u0000-\u001f\u007f]/.test(name)) return null;
    segments.push(encodeURIComponent(name));
  }
  return segments.join('/');
}

/**
 * The front door's `media` handler for a bucket (mediaStorageFromEnv's S3 settings): GET and HEAD,
 * conditional and ranged reads passed through, the answer streamed. 404 or 403 from the bucket (a
 * bucket without public listing says 403 for a missing key) is `next()`: the door's "Not found".
 * @param {{ publicUrl: string; prefix: string }} bucket
 * @param {{ log: (msg: string, extra?: object) => void }} options
 */
export function bucketMedia(bucket, { log }) {
  return async (req, res, next) => {
    const objectPath = req.method === 'GET' || req.method === 'HEAD' ? mediaObjectPath(req.url) : null;
    if (!objectPath) return next();
    let upstream;
    try {
      upstream = await request(mediaObjectUrl(bucket, objectPath), { method: req.method, headers: pick(req.headers, FORWARDED), headersTimeout: 10_000, bodyTimeout: 60_000 });
    } catch (err) {
      log('media storage unavailable', { err: err.message });
      res.writeHead(502, { 'Content-Type': 'text/plain' });
      return res.end('The media storage could not be reached.');
    }
    const status = upstream.statusCode;
    if (status === 200 || status === 206 || status === 304 || status === 416) {
      res.writeHead(status, pick(upstream.headers, PASSED));
      if (req.method === 'HEAD' || status === 304) {
        upstream.body.resume();
        return res.end();
      }
      return pipeline(upstream.body, res, () => {});
    }
    upstream.body.resume();
    if (status === 404 || status === 403) return next();
    log('media storage refused a read', { status });
    res.writeHead(502, { 'Content-Type': 'text/plain' });
    res.end('The media storage could not be reached.');
  };
}
