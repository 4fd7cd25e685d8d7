// The front door's fast path for requests without a body (nearly every API read): one upstream
// request on a kept-alive connection and the answer piped back, nothing else. The general proxy
// (http-proxy-3) keeps bodies, their limits and websockets; for a read it costs about a third more
// per request than this, and reads are what members do most.
import { request } from 'node:http';

// Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection and are never passed on.
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade'];
const UPSTREAM_TIMEOUT_MS = 120_000;

/** Adds this hop to the X-Forwarded-* headers, as http-proxy's `xfwd` does. */
function forwardedHeaders(req) {
  const headers = { ...req.headers };
  for (const name of HOP_BY_HOP) delete headers[name];
  const hop = { for: req.socket.remoteAddress ?? '', port: String(req.socket.localPort ?? ''), proto: req.socket.encrypted ? 'https' : 'http', host: req.headers.host ?? '' };
  for (const [key, value] of Object.entries(hop)) {
    const name = `x-forwarded-${key}`;
    headers[name] = headers[name] ? `${headers[name]},${value}` : value;
  }
  return headers;
}

/**
 * @param {{ agent: import('node:http').Agent; unavailable: (err: Error, req, res) => void }} options
 * @returns {(req, res, target: string) => void} relays a bodiless request to `target` (an origin)
 */
export function createReadRelay({ agent, unavailable }) {
  const origins = new Map();
  const originOf = (target) => {
    let url = origins.get(target);
    if (!url) origins.set(target, (url = new URL(target)));
    return url;
  };

  return function relay(req, res, target) {
    const { hostname, port } = originOf(target);
    const upstream = request({ host: hostname, port, method: req.method, path: req.url, headers: forwardedHeaders(req), agent }, (answer) => {
      for (const name of HOP_BY_HOP) if (name !== 'transfer-encoding') delete answer.headers[name];
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.setTimeout(UPSTREAM_TIMEOUT_MS, () => upstream.destroy(new Error('upstream timed out')));
    upstream.on('error', (err) => unavailable(err, req, res));
    // A visitor who leaves mid-answer ends the upstream request too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end();
  };
}
