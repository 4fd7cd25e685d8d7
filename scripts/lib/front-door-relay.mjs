// The front door's fast path for requests without a body (nearly every API read): one upstream
// request on a kept-alive connection and the answer piped back, nothing else. The general proxy
// (http-proxy-3) keeps bodies, their limits and websockets; for a read it costs about a third more
// per request than this, and reads are what members do most.
import { request } from 'node:http';

// Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection and are never passed on; nor is
// the internal secret, which only our services calling each other directly may present.
const NOT_PASSED_ON = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'x-internal-secret']);
// An answer's Transfer-Encoding is kept: the visitor's connection frames the body the same way.
const NOT_RELAYED_BACK = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade']);
const UPSTREAM_TIMEOUT_MS = 120_000;
/** How long a request waits for a service that refuses connections (restarting), and how often it asks. */
const RETRY_FOR_MS_DEFAULT = 10_000;
const RETRY_EVERY_MS = 100;

/**
 * The request's headers for the upstream as a flat list (as `rawHeaders`, so nothing builds an
 * object per request), with this hop added to the X-Forwarded-* headers as http-proxy's `xfwd` does.
 */
function upstreamHeaders(req) {
  const raw = req.rawHeaders;
  const out = [];
  const forwarded = { 'x-forwarded-for': null, 'x-forwarded-port': null, 'x-forwarded-proto': null, 'x-forwarded-host': null };
  let host = '';
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (NOT_PASSED_ON.has(name)) continue;
    if (name in forwarded) {
      forwarded[name] = forwarded[name] === null ? raw[i + 1] : `${forwarded[name]}, ${raw[i + 1]}`;
      continue;
    }
    if (name === 'host') host = raw[i + 1];
    out.push(raw[i], raw[i + 1]);
  }
  const hop = { 'x-forwarded-for': req.socket.remoteAddress ?? '', 'x-forwarded-port': String(req.socket.localPort ?? ''), 'x-forwarded-proto': req.socket.encrypted ? 'https' : 'http', 'x-forwarded-host': host };
  for (const [name, value] of Object.entries(hop)) out.push(name, forwarded[name] === null ? value : `${forwarded[name]},${value}`);
  return out;
}

/** The upstream's answer headers for the visitor, as a flat list. */
function relayedHeaders(raw) {
  const out = [];
  for (let i = 0; i < raw.length; i += 2) if (!NOT_RELAYED_BACK.has(raw[i].toLowerCase())) out.push(raw[i], raw[i + 1]);
  return out;
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
    const headers = upstreamHeaders(req);
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
        res.writeHead(answer.statusCode ?? 502, relayedHeaders(answer.rawHeaders));
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
