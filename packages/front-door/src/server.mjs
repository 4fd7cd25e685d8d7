// The front door's request handling (scripts/front-door.mjs wires it to the environment and
// listens): the edge's table (edge-table.mjs) says where each request goes, how large its body may
// be and which headers are taken off and set. Built without listening, so tests can start it on a
// random port with stub upstreams.
import { randomUUID } from 'node:crypto';
import { Agent, createServer } from 'node:http';
import { createProxyServer } from 'http-proxy-3';
import { readWholeBody, redactUrl } from '@app/shared/server';
import { commonSecurityHeaders } from '@app/shared/security-headers';
import { bodyLimit, countedBody, declaredTooLarge, SMALL_BODY, tooLargeResponse } from './body-limits.mjs';
import { jsonErrors, MINTED_REQUEST_HEADERS, routeOf, STRIPPED_REQUEST_HEADERS } from './edge-table.mjs';
import { createBeaconBatches } from './beacon-batches.mjs';
import { createReadRelay } from './relay.mjs';
import { createSharedAnswers } from './shared-answers.mjs';
import { canonicalLocation, routingPath } from './routing.mjs';
import { EDGE_TIMEOUTS, TIMEOUT_CHECK_EVERY_MS } from './timeouts.mjs';

/** /media/* from the bucket when MEDIA_S3_* is set (the door's `media` handler; from disk it is sirv's). */
export { bucketMedia } from './media-bucket.mjs';

const STRIPPED = STRIPPED_REQUEST_HEADERS.map((h) => h.toLowerCase());
const MINTED = MINTED_REQUEST_HEADERS.map((h) => h.toLowerCase());

/**
 * The edge's headers: what only our services may present is dropped, and every request is named
 * afresh, whatever the visitor sent (the API believes only ours).
 */
function edgeHeaders(req) {
  for (const name of STRIPPED) if (req.headers[name] !== undefined) delete req.headers[name];
  for (const name of MINTED) req.headers[name] = randomUUID();
}
/** How long, and how much more, a refused body is read (and dropped) before its connection is cut. */
const LINGER_MS = 5_000;
const LINGER_BYTES = 16 * 1024 * 1024;

/**
 * `apiSocket`: a unix socket the API also listens on (API_SOCKET); its reads are relayed through it.
 * `timeouts` replaces EDGE_TIMEOUTS (tests use short ones; `checkEveryMs` with them).
 * `handOff(req, socket, head)`: takes an upgrade bound for the API whole (true) instead of its
 * being proxied (scripts/front-door.mjs passes the connection itself to the API under npm start).
 * `internalSecret`: the services' secret; with it the door answers view beacons for the site's
 * articles and sends them on in batches (beacon-batches.mjs; the site's `hasPage` says which pages
 * it has), and it follows the API's content generation and
 * answers visitors' public lists itself (shared-answers.mjs).
 * @param {{ publicUrl: URL; apiUrl: string; apiSocket?: string; cmsUrl: string; media: (req, res, next: () => void) => void;
 *   site: { handle(req, res): void; answerStatic?(req, res): boolean; hasPage?(path: string): boolean; readiness?: () => { ready: boolean } } | null; siteDevUrl?: string; log: (msg: string, extra?: object) => void; retryForMs?: number;
 *   timeouts?: typeof EDGE_TIMEOUTS; checkEveryMs?: number; internalSecret?: string; handOff?: (req: import('node:http').IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => boolean }} options
 */
export function createFrontDoorServer({ publicUrl, apiUrl, apiSocket, cmsUrl, media, site, siteDevUrl, log, retryForMs, timeouts = EDGE_TIMEOUTS, checkEveryMs = TIMEOUT_CHECK_EVERY_MS, internalSecret, handOff }) {
  const securityHeaders = Object.entries(commonSecurityHeaders({ https: publicUrl.protocol === 'https:' }));
  /** The proxied services of the table's routes (the site only when it is proxied: `astro dev`). */
  const upstreams = { api: apiUrl, cms: cmsUrl, site: site ? undefined : siteDevUrl };
  // Requests cut off for their size, and the upstream request each one opened (to end it too).
  const cutOff = new WeakSet();
  const upstreamOf = new WeakMap();

  // Keep-alive to the upstreams: a new TCP connection per request costs more than the request.
  // With a timeout set, Node's agent also honours an upstream's `Keep-Alive: timeout=N` hint and
  // drops an idle connection a second before the upstream would (the CMS's Next server keeps them
  // 5 s): without it, a request sent on a connection the upstream is closing failed with 502.
  const agent = new Agent({ keepAlive: true, maxSockets: 256, timeout: 60_000 });
  const proxy = createProxyServer({ xfwd: true, proxyTimeout: 120_000, agent });
  proxy.on('proxyReq', (proxyReq, req) => {
    if (cutOff.has(req)) proxyReq.destroy();
    else upstreamOf.set(req, proxyReq);
  });
  /** An upstream that cannot be reached: 502 in the API's error shape for /api, plain text otherwise. */
  function upstreamUnavailable(err, req, res) {
    if (cutOff.has(req)) return;
    log('upstream unavailable', { url: redactUrl(req.url), err: err.message });
    if (res && 'writeHead' in res && !res.headersSent) {
      for (const [name, value] of securityHeaders) res.setHeader(name, value);
      const isApi = jsonErrors(routingPath(req.url ?? '/') ?? '/');
      res.writeHead(502, { 'Content-Type': isApi ? 'application/json' : 'text/plain; charset=utf-8' });
      res.end(isApi ? JSON.stringify({ message: 'The service is temporarily unavailable. Please try again shortly.' }) : 'Service temporarily unavailable');
    } else if (res && 'destroy' in res) {
      res.destroy();
    }
  }
  proxy.on('error', upstreamUnavailable);
  /** A request the front door will not pass on as it is: 400 in the API's error shape. */
  function invalid(req, res, message = 'The request is not valid.') {
    if (res.headersSent || res.destroyed) return void res.destroy();
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    res.writeHead(400, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ message, code: 'bad_request' }));
  }
  const relay = createReadRelay({ unavailable: upstreamUnavailable, invalid, retryForMs, socketPaths: new Map(apiSocket ? [[apiUrl, apiSocket]] : []) });
  const shared = internalSecret ? createSharedAnswers({ apiUrl, apiSocket, internalSecret, log }) : null;
  // The view beacon answered here and sent on in batches, for articles whose page the live build has (beacon-batches.mjs).
  const beacons = internalSecret && site?.hasPage ? createBeaconBatches({ apiUrl, apiSocket, internalSecret, publicUrl, accepts: (id) => site.hasPage(`/articles/${id}`), log }) : null;

  /**
   * 413. A client still sending its body gets a lingering close (RFC 9112 §9.6): the rest is read
   * and dropped for a while, because a connection closed while the client is sending is reset, and
   * a reset loses the answer the client has not read yet. A body that ends in time leaves the
   * connection usable; one past LINGER_BYTES or LINGER_MS is cut off. A client waiting for
   * `100 Continue` has sent no body: the connection is closed at once (and says so).
   */
  function refuseTooLarge(req, res, path, { awaitingContinue = false } = {}) {
    const { type, body } = tooLargeResponse(req.method, path);
    if (res.headersSent) return res.destroy();
    res.writeHead(413, awaitingContinue ? { 'Content-Type': type, Connection: 'close' } : { 'Content-Type': type });
    res.end(body);
    if (awaitingContinue || req.complete) return;
    const socket = req.socket;
    const cutOffNow = () => socket.destroy();
    const timer = setTimeout(cutOffNow, LINGER_MS).unref();
    let dropped = 0;
    req.on('data', (chunk) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) cutOffNow();
    });
    req.once('end', () => clearTimeout(timer));
    req.resume();
  }

  /** Proxies with the body counted: past its limit the upstream request is ended and the client gets 413. */
  function forward(req, res, target, path, limit) {
    // Without Content-Length or Transfer-Encoding a request has no body (RFC 9112 §6.3): nothing to count.
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return relay(req, res, target);
    // The request's own Expect was answered here (checkContinue); the upstream need not answer it again.
    delete req.headers.expect;
    const buffer = countedBody(req, limit, () => {
      cutOff.add(req);
      upstreamOf.get(req)?.destroy();
      log('request body too large', { url: redactUrl(req.url), limit });
      refuseTooLarge(req, res, path);
    });
    proxy.web(req, res, { target, buffer });
  }

  /**
   * The hot paths, for requests without a body on our host name: a page or asset of the site, and
   * an API call; and an API call with a small body (a view beacon, a comment), read whole and then
   * relayed the same way. The site and the API write their own complete headers (the same security
   * headers, the build's CSP, the API's), so nothing is done twice per request; anything unusual (a
   * larger or chunked body, a redirect, an address that cannot be read, /api/internal) takes the
   * general path below.
   */
  function hotPath(req, res) {
    if (req.headers['transfer-encoding'] !== undefined || foreignHost(req)) return false;
    const length = req.headers['content-length'];
    const path = routingPath(req.url ?? '/');
    if (path === null) return false;
    const route = routeOf(path);
    if (route.upstream === 'api' && length !== undefined) {
      if (!smallBody(req, length, path)) return false;
      readWholeBody(req, (body) => {
        if (body === null) return res.destroy();
        if (!beacons?.take(req, res, body)) relay(req, res, apiUrl, null, body);
      });
      return true;
    }
    if (length !== undefined) return false;
    if (route.upstream === 'api') {
      // A visitor's public list the API shared, of the content generation now in use; else the API.
      if (shared?.answer(req, res)) return true;
      // The relay never passes the internal secret on.
      relay(req, res, apiUrl, shared?.keeper(req));
      return true;
    }
    if (route.upstream !== 'site' || !site || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    // A file of the build: answered from memory with its headers as kept; nothing else reads the
    // request, so it is not named (the request id is for what logs it: the build's own server).
    if (site.answerStatic?.(req, res)) return true;
    edgeHeaders(req);
    site.handle(req, res);
    return true;
  }

  /** Whether a request's declared body is one the hot path reads whole: some bytes, at most SMALL_BODY, within the path's limit. */
  const smallBody = (req, length, path) => {
    const bytes = Number(length);
    return bytes > 0 && bytes <= SMALL_BODY && !declaredTooLarge(req, bodyLimit(req.method, path));
  };

  /**
   * How many Host lines the request has. Node keeps the first; a service behind may read another,
   * so more than one is refused (RFC 9112 §3.2: 400).
   */
  function hostLines(req) {
    const raw = req.rawHeaders;
    let lines = 0;
    for (let i = 0; i < raw.length; i += 2) if (raw[i].length === 4 && raw[i].toLowerCase() === 'host') lines++;
    return lines;
  }

  /** Requests for another host name of this machine go to the public address (Ghost does the same). */
  const foreignHost = (req) => (req.headers.host ?? '').toLowerCase() !== publicUrl.host;

  function guard(req) {
    edgeHeaders(req);
    return routingPath(req.url ?? '/');
  }

  function handle(req, res) {
    if (hostLines(req) > 1) return invalid(req, res, 'The request has more than one Host header.');
    // With published builds, this host is not ready before its site holds the live build (the site answers 503 "starting").
    if (req.url === '/api/ready' && site?.readiness && !site.readiness().ready) return site.handle(req, res);
    if (hotPath(req, res)) return;
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    if (foreignHost(req)) {
      res.writeHead(308, { Location: canonicalLocation(req.url, publicUrl) });
      return res.end();
    }
    const path = guard(req);
    if (path === null) {
      // Dot segments and NUL never name anything; answered in the API's error shape, whatever the path.
      return invalid(req, res, 'The address is not valid.');
    }
    const limit = bodyLimit(req.method, path);
    if (declaredTooLarge(req, limit)) return refuseTooLarge(req, res, path);
    const route = routeOf(path);
    if (route.refuse) {
      // Service-to-service only; never reachable through the public origin.
      res.writeHead(route.refuse, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify({ message: 'Not found' }));
    }
    if (route.responseHeaders) for (const [name, value] of Object.entries(route.responseHeaders)) res.setHeader(name, value);
    // The media files and the in-process site take no request bodies: a chunked one is never read into memory.
    if (route.upstream === 'media') {
      // The raw URL, not the routing path: the file's name keeps its case.
      req.url = req.url.slice(route.stripPrefix.length);
      return media(req, res, () => {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        res.end('Not found');
      });
    }
    if (route.upstream === 'site' && site) return site.handle(req, res);
    return forward(req, res, upstreams[route.upstream], path, limit);
  }

  // Slowloris: a request must be whole within readBodyMs, its headers within readHeaderMs (both
  // answered 408 and closed), and a kept-alive connection may idle for idleMs. An answer that makes
  // no progress for writeMs (a visitor who stopped reading) is cut. Upgraded sockets are the proxy's.
  const server = createServer({ headersTimeout: timeouts.readHeaderMs, requestTimeout: timeouts.readBodyMs, keepAliveTimeout: timeouts.idleMs, connectionsCheckingInterval: checkEveryMs }, handle);
  server.timeout = timeouts.writeMs;
  // `Expect: 100-continue`: a body over the limit is refused before the client sends it.
  server.on('checkContinue', (req, res) => {
    const path = routingPath(req.url ?? '/');
    if (path !== null && !foreignHost(req) && declaredTooLarge(req, bodyLimit(req.method, path))) {
      for (const [name, value] of securityHeaders) res.setHeader(name, value);
      return refuseTooLarge(req, res, path, { awaitingContinue: true });
    }
    res.writeContinue();
    handle(req, res);
  });

  // WebSockets go where the table sends their path, as Caddy's reverse_proxy does (the chat at /ws;
  // in dev mode the CMS's and astro dev's reloads): to a proxied service, never to the files or a refusal.
  server.on('upgrade', (req, socket, head) => {
    const path = foreignHost(req) ? null : guard(req);
    const upstream = path === null ? undefined : routeOf(path).upstream;
    const target = upstream && upstreams[upstream];
    if (!target) return socket.destroy();
    // npm start: the API's sockets are handed to it whole (handOff), not relayed frame by frame.
    if (upstream === 'api' && handOff?.(req, socket, head)) return;
    proxy.ws(req, socket, head, { target });
  });

  if (shared) {
    shared.start();
    server.on('close', () => shared.close());
  }
  if (beacons) server.on('close', () => void beacons.close());
  /** The beacons answered here and not yet sent on (null without them); tests flush them. */
  server.beacons = beacons;
  /** What the door keeps of the API's shared answers (null without internalSecret); tests read its generation. */
  server.sharedAnswers = shared;
  return server;
}
