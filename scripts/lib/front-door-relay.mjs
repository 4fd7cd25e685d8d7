// The front door's fast path for requests without a body (nearly every API read): one upstream
// request on a kept-alive connection and the answer piped back, nothing else. The general proxy
// (http-proxy-3) keeps bodies, their limits and websockets; for a read it costs about a third more
// per request than this, and reads are what members do most.
import { request } from 'node:http';

// Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection and are never passed on.
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade'];
const UPSTREAM_TIMEOUT_MS = 120_000;
/** How long a request waits for a service that refuses connections (restarting), and how often it asks. */
const RETRY_FOR_MS_DEFAULT = 10_000;
const RETRY_EVERY_MS = 100;

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
 * @param {{ agent: import('node:http').Agent; unavailable: (err: Error, req, res) => void; retryForMs?: number }} options
 * @returns {(req, res, target: string) => void} relays a bodiless request to `target` (an origin)
 */
export function createReadRelay({ agent, unavailable, retryForMs = RETRY_FOR_MS_DEFAULT }) {
  const origins = new Map();
  const originOf = (target) => {
    let url = origins.get(target);
    if (!url) origins.set(target, (url = new URL(target)));
    return url;
  };

  return function relay(req, res, target) {
    const { hostname, port } = originOf(target);
    const headers = forwardedHeaders(req);
    const giveUpAt = Date.now() + retryForMs;
    let closed = false;
    // A visitor who leaves mid-answer ends the upstream request too.
    let current = null;
    res.on('close', () => {
      closed = true;
      if (!res.writableFinished) current?.destroy();
    });
    const attempt = () => {
      const upstream = request({ host: hostname, port, method: req.method, path: req.url, headers, agent }, (answer) => {
        for (const name of HOP_BY_HOP) if (name !== 'transfer-encoding') delete answer.headers[name];
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      current = upstream;
      upstream.setTimeout(UPSTREAM_TIMEOUT_MS, () => upstream.destroy(new Error('upstream timed out')));
      upstream.on('error', (err) => {
        // A service restarting (a deployment, a crash) refuses connections for a few seconds: the
        // request never reached it, so it is tried again, as Caddy's lb_try_duration does.
        if (!closed && !res.headersSent && retriable(err, req.method) && Date.now() < giveUpAt) return void setTimeout(attempt, RETRY_EVERY_MS);
        unavailable(err, req, res);
      });
      upstream.end();
    };
    attempt();
  };
}

/** Refused connections never reached the service; a reset one may have, so only reads are tried again. */
function retriable(err, method) {
  if (err.code === 'ECONNREFUSED') return true;
  return err.code === 'ECONNRESET' && (method === 'GET' || method === 'HEAD');
}
