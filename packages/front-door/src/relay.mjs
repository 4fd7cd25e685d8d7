// The front door's fast path for requests without a body (nearly every API read), and for an API
// call with a small body read whole first (a view beacon, a comment: server.mjs): one upstream
// request on a kept-alive connection and the answer streamed back, nothing else. The client is
// undici's connection pool: for a cached API read it lets the front door relay a fifth more
// requests a second than node:http's client did (whose request objects, agent bookkeeping and
// per-request listeners cost about what the API spends answering). The general proxy
// (http-proxy-3) keeps larger and chunked bodies, their limits and websockets.
import { randomUUID } from 'node:crypto';
import { HOP_BY_HOP_HEADERS } from '@app/shared/hop-by-hop';
import { writeHeadText } from '@app/shared/server';
import { Pool } from 'undici';
import { MINTED_REQUEST_HEADERS, STRIPPED_REQUEST_HEADERS } from './edge-table.mjs';
import { SHARED_ANSWER_HEADER } from './shared-answers.mjs';

// Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection and are never passed on; nor are
// the headers the edge strips (edge-table.mjs: the internal secret, which only our services
// calling each other directly may present); nor
// `Expect`, which Node has already answered (a body here is read whole before it is sent on); nor
// a visitor's X-Request-Id: the edge names each request itself.
const EDGE_SET = MINTED_REQUEST_HEADERS.map((h) => h.toLowerCase());
const NOT_PASSED_ON = new Set([...HOP_BY_HOP_HEADERS, 'expect', ...STRIPPED_REQUEST_HEADERS.map((h) => h.toLowerCase()), ...EDGE_SET]);
// The visitor's connection frames the body itself (a length or chunks), whatever the upstream's did.
// Nor the API's mark on an answer every visitor gets alike (shared-answers.mjs): it is for this door.
const NOT_RELAYED_BACK = new Set([...HOP_BY_HOP_HEADERS, SHARED_ANSWER_HEADER]);
const NOT_RELAYED_BACK_LENGTHS = new Set([...NOT_RELAYED_BACK].map((name) => name.length));
/** The X-Forwarded-* headers this hop appends to, in the order they are sent on. */
const FORWARDED = ['x-forwarded-for', 'x-forwarded-port', 'x-forwarded-proto', 'x-forwarded-host'];
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
  // What earlier hops said in each X-Forwarded-* header (FORWARDED's order), joined as received.
  const before = [null, null, null, null];
  let host = '';
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (NOT_PASSED_ON.has(name)) continue;
    const at = FORWARDED.indexOf(name);
    if (at !== -1) {
      before[at] = before[at] === null ? raw[i + 1] : `${before[at]}, ${raw[i + 1]}`;
      continue;
    }
    if (name === 'host') host = raw[i + 1];
    out.push(raw[i], raw[i + 1]);
  }
  const hop = [req.socket.remoteAddress ?? '', String(req.socket.localPort ?? ''), req.socket.encrypted ? 'https' : 'http', host];
  for (let at = 0; at < FORWARDED.length; at++) out.push(FORWARDED[at], before[at] === null ? hop[at] : `${before[at]},${hop[at]}`);
  for (const name of EDGE_SET) out.push(name, randomUUID());
  return out;
}

/** What this hop sends on as X-Forwarded-For (upstreamHeaders' rule): what earlier hops said, then the visitor's address. */
export function forwardedFor(req) {
  const before = req.headers['x-forwarded-for'];
  const peer = req.socket.remoteAddress ?? '';
  return before === undefined ? peer : `${before},${peer}`;
}

/** Adds an answer's header line to the flat list relayed back; answers it as text. */
function relayedLine(headers, name, value) {
  const text = value.toString('latin1');
  headers.push(name, text);
  return `${name}: ${text}\r\n`;
}

/**
 * Refused connections never reached the service (nor did one to a unix socket whose file is gone:
 * the service is restarting); a reset one may have, so only reads are tried again.
 */
function retriable(err, method) {
  const code = err.code === 'UND_ERR_SOCKET' ? (err.cause?.code ?? 'ECONNRESET') : err.code;
  if (code === 'ECONNREFUSED' || code === 'ENOENT') return true;
  return code === 'ECONNRESET' && (method === 'GET' || method === 'HEAD');
}

/** undici refuses these requests before sending them (a header it does not accept): the client's fault. */
const REFUSED_BEFORE_SENDING = new Set(['UND_ERR_INVALID_ARG', 'UND_ERR_NOT_SUPPORTED']);

/**
 * `socketPaths` names, per target origin, a unix socket the same service listens on (API_SOCKET):
 * requests to that origin go through it, which spares both processes the TCP stack each time.
 * @param {{ unavailable: (err: Error, req, res) => void; invalid: (req, res) => void; retryForMs?: number; socketPaths?: Map<string, string> }} options
 * @returns {((req, res, target: string, keeper?: object | null, body?: Buffer) => void) & { close(): Promise<void> }} relays a request to `target` (an origin): bodiless, or with its `body` read whole
 */
export function createReadRelay({ unavailable, invalid, retryForMs = RETRY_FOR_MS_DEFAULT, socketPaths = new Map() }) {
  const pools = new Map();
  const poolOf = (target) => {
    let pool = pools.get(target);
    if (!pool) pools.set(target, (pool = new Pool(target, { connections: 256, headersTimeout: UPSTREAM_TIMEOUT_MS, bodyTimeout: UPSTREAM_TIMEOUT_MS, socketPath: socketPaths.get(target) })));
    return pool;
  };

  /** `keeper`: shared-answers.mjs's, when the answer may be kept (a visitor's GET); `body`: the request's, read whole (its Content-Length line is passed on with it). */
  function relay(req, res, target, keeper = null, body = undefined) {
    const pool = poolOf(target);
    new RelayedRead(req, res, target, pool, Date.now() + retryForMs, keeper).attempt({ method: req.method, path: req.url, headers: upstreamHeaders(req), body });
  }

  /**
   * One read relayed, as undici's raw handler (onConnect, onHeaders, onData, onComplete, onError):
   * the answer's header lines go to the visitor as the flat list they came in (names as the API
   * wrote them, repeated ones as repeated lines), with nothing parsed into an object on the way
   * (undici's newer handler interface parses every answer's headers into one, then Node reads it back).
   */
  class RelayedRead {
    constructor(req, res, target, pool, giveUpAt, keeper) {
      this.req = req;
      this.keeper = keeper;
      /** The answer's body, gathered for the keeper; null when it is not kept. */
      this.kept = null;
      this.keptHeaders = null;
      this.res = res;
      this.target = target;
      this.pool = pool;
      this.giveUpAt = giveUpAt;
      this.options = null;
      this.abort = null;
      this.resume = null;
      this.dispatching = false;
      // A visitor who leaves mid-answer ends the upstream request too.
      res.once('close', () => {
        if (!res.writableFinished) this.abort?.(new Error('the visitor left'));
      });
    }

    attempt(options = this.options) {
      if (this.res.destroyed) return;
      this.options = options;
      this.abort = null;
      this.dispatching = true;
      this.pool.dispatch(options, this);
      this.dispatching = false;
    }

    onConnect(abort) {
      this.abort = abort;
    }

    onHeaders(status, rawHeaders, resume) {
      if (status < 200) return true;
      const { res } = this;
      const headers = [];
      // The same lines as text, for a 200 with a length (@app/shared's head-text.ts); whether the API's Date is among them.
      let lines = '';
      let length = false;
      let dated = false;
      let marked = null;
      for (let i = 0; i < rawHeaders.length; i += 2) {
        const name = rawHeaders[i].toString('latin1');
        if (NOT_RELAYED_BACK_LENGTHS.has(name.length) && NOT_RELAYED_BACK.has(name.toLowerCase())) {
          if (name.length === SHARED_ANSWER_HEADER.length && name.toLowerCase() === SHARED_ANSWER_HEADER) marked = rawHeaders[i + 1].toString('latin1');
          continue;
        }
        if (name.length === 14 && name.toLowerCase() === 'content-length') length = true;
        else if (name.length === 4 && name.toLowerCase() === 'date') dated = true;
        const value = rawHeaders[i + 1];
        if (Array.isArray(value)) for (const one of value) lines += relayedLine(headers, name, one);
        else lines += relayedLine(headers, name, value);
      }
      if (this.keeper?.wants(status, headers, marked)) {
        this.kept = [];
        this.keptHeaders = headers.slice();
      }
      // The API's lines as undici read them (its parser takes only what Node's checks allow):
      // written as text where Node would write the same head, saving it checking each line again.
      if (!(status === 200 && length && writeHeadText(this.req, res, lines, dated))) res.writeHead(status, headers);
      this.resume = resume;
      return true;
    }

    onData(chunk) {
      this.kept?.push(chunk);
      // The visitor reads slower than the service writes: the service waits until the visitor has read.
      if (this.res.write(chunk)) return true;
      this.res.once('drain', this.resume);
      return false;
    }

    onComplete() {
      this.res.end();
      if (this.kept) this.keeper.keep(this.keptHeaders, Buffer.concat(this.kept));
    }

    onError(err) {
      const { req, res, target, pool } = this;
      if (this.dispatching) {
        // Refused inside dispatch(): undici (7.x) then leaves the connection it chose marked busy
        // for good, and a few hundred such requests would leave the pool none. The pool is
        // replaced (the old one closes once its requests are answered); headers are checked
        // before they get here, so this is a guard against what was missed.
        if (pools.get(target) === pool) pools.delete(target);
        pool.close().catch(() => {});
        if (REFUSED_BEFORE_SENDING.has(err.code)) return void invalid(req, res);
      }
      if (res.destroyed) return;
      // A service restarting (a deployment, a crash) refuses connections for a few seconds: the
      // request never reached it, so it is tried again (on the pool then current), as Caddy's
      // lb_try_duration does.
      if (!res.headersSent && retriable(err, req.method) && Date.now() < this.giveUpAt) {
        return void setTimeout(() => {
          this.pool = poolOf(target);
          this.attempt();
        }, RETRY_EVERY_MS);
      }
      unavailable(err, req, res);
    }
  }

  relay.close = () => Promise.all([...pools.values()].map((pool) => pool.close())).then(() => undefined);
  return relay;
}
