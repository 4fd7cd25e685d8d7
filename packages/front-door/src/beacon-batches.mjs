// The view beacon, POST /api/views, answered at the front door and sent on in batches (issue 53
// #3). Every reader of every static page sends one, and relayed one at a time each cost the door a
// request to the API and the API a request to parse: through the door a beacon got about a quarter
// of what a bare node:http server answers. Here the door answers 204 itself and the beacons go to
// the API a batch at a time (POST /api/internal/views, with the services' secret), where each is
// counted by the same rules as the route's (api/src/routes/reading.ts).
//
// The door takes only a beacon the API's route would answer 204 with nothing else to say: a POST
// of exactly the path, a JSON body `{"articleId": n}`, from our own origin, for an article whose
// page the live build has. Anything else (a bad body, another origin, an article the build has no
// page for) is relayed as before and answered by the API, errors and all. An article deleted since
// the live build was made is answered 204 here and not counted there (the build catches up in
// seconds). The answer carries the API's own header lines (its security headers, an X-Request-Id).
import { Agent, request } from 'node:http';
import { randomUUID } from 'node:crypto';
import { headLines, writeNoContentText } from '@app/shared/server';
import { apiSecurityHeaders } from '@app/shared/security-headers';

/** Where the API takes the batches (api/src/routes/internal.ts; its schema allows up to 500). */
export const BEACON_BATCH_PATH = '/api/internal/views';
/** Beacons a batch carries at most: with the sizes below, well within the internal routes' 100 KB body. */
const BATCH_MAX = 100;
/**
 * A user agent, an address chain or a privacy signal longer than these is unusual: the API answers
 * that beacon itself. Within the batch schema's limits (ForwardedViewsSchema), so one reader's
 * headers never make the API refuse a batch of others'.
 */
const USER_AGENT_MAX = 512;
const FORWARDED_FOR_MAX = 256;
const SIGNAL_MAX = 16;
/** Beacons kept while the API cannot take them (restarting); past it the oldest go, and the log says so once. */
const QUEUE_MAX = 20_000;
const JSON_TYPES = new Set(['application/json', 'application/json; charset=utf-8', 'application/json;charset=utf-8']);
const PG_INT_MAX = 2_147_483_647;

/**
 * `accepts(articleId)`: whether the live build has the article's page. `forwardedFor(req)`: what
 * this hop would send as X-Forwarded-For (the relay's rule), from which the API reads the reader's
 * address as it reads a relayed beacon's. Returns `take(req, res, body)`: true when the beacon was
 * answered (else relay it), `flush()` and `close()` (sends what is left).
 * @param {{ apiUrl: string; apiSocket?: string; internalSecret: string; publicUrl: URL; path?: string; accepts: (articleId: number) => boolean;
 *   forwardedFor: (req: import('node:http').IncomingMessage) => string; log: (msg: string, extra?: object) => void; flushEveryMs?: number }} options
 */
export function createBeaconBatches({ apiUrl, apiSocket, internalSecret, publicUrl, path = '/api/views', accepts, forwardedFor, log, flushEveryMs = 100 }) {
  const url = new URL(apiUrl);
  const target = apiSocket ? { socketPath: apiSocket } : { host: url.hostname, port: url.port };
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const securityLines = Object.entries(apiSecurityHeaders({ https: publicUrl.protocol === 'https:' })).flat();
  const securityText = headLines(securityLines);
  let queue = [];
  let timer = null;
  let sending = null;
  let dropped = 0;
  let refusalLoggedAt = -Infinity;

  function take(req, res, body) {
    if (req.method !== 'POST' || req.url !== path) return false;
    const { headers } = req;
    if (headers.origin !== publicUrl.origin || headers['content-encoding'] !== undefined || !JSON_TYPES.has(headers['content-type']?.toLowerCase() ?? '')) return false;
    const { 'user-agent': userAgent, dnt: doNotTrack, 'sec-gpc': globalPrivacyControl } = headers;
    if (longer(userAgent, USER_AGENT_MAX) || longer(doNotTrack, SIGNAL_MAX) || longer(globalPrivacyControl, SIGNAL_MAX)) return false;
    const articleId = articleOf(body);
    if (articleId === null || !accepts(articleId)) return false;
    const chain = forwardedFor(req);
    if (chain.length === 0 || chain.length > FORWARDED_FOR_MAX) return false;
    queue.push({ articleId, forwardedFor: chain, userAgent, doNotTrack, globalPrivacyControl });
    if (queue.length > QUEUE_MAX) {
      queue.shift();
      if (dropped++ === 0) log('view beacons dropped: the API has not taken them', { kept: QUEUE_MAX });
    }
    const id = randomUUID();
    if (!writeNoContentText(req, res, `${securityText}X-Request-Id: ${id}\r\n`)) res.writeHead(204, [...securityLines, 'X-Request-Id', id]);
    res.end();
    if (queue.length >= BATCH_MAX) void flush();
    else timer ??= setTimeout(flush, flushEveryMs).unref();
    return true;
  }

  /**
   * Sends the queue a batch at a time, one batch in flight. A batch the API could not take (not
   * reached, restarting) stays first in line and is tried again a second later; one it refused (a
   * 4xx: never expected) is dropped, and the log says so.
   */
  function flush() {
    clearTimeout(timer);
    timer = null;
    if (sending) return sending;
    if (queue.length === 0) return Promise.resolve();
    const batch = queue.slice(0, BATCH_MAX);
    sending = send(batch)
      .then(
        () => {
          queue = queue.slice(batch.length);
          if (dropped > 0) log('view beacons reach the API again', { dropped });
          dropped = 0;
        },
        (err) => {
          if (err.refused) {
            queue = queue.slice(batch.length);
            // Once a minute at most: a wrong secret refuses every batch.
            if (Date.now() - refusalLoggedAt > 60_000) log('view beacons refused by the API', { beacons: batch.length, err: err.message });
            refusalLoggedAt = Date.now();
            return;
          }
          log('view beacons not sent yet', { beacons: queue.length, err: err.message });
          return new Promise((resolve) => setTimeout(resolve, 1000).unref());
        },
      )
      .finally(() => {
        sending = null;
        if (queue.length > 0) timer ??= setTimeout(flush, queue.length >= BATCH_MAX ? 0 : flushEveryMs).unref();
      });
    return sending;
  }

  function send(views) {
    const body = JSON.stringify({ views });
    return new Promise((resolve, reject) => {
      const req = request(
        { ...target, agent, method: 'POST', path: BEACON_BATCH_PATH, headers: { host: url.host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-internal-secret': internalSecret } },
        (res) => {
          res.resume();
          res.once('end', () => {
            const status = res.statusCode ?? 0;
            if (status === 200) return resolve();
            reject(Object.assign(new Error(`the API answered ${status}`), { refused: status >= 400 && status < 500 }));
          });
        },
      );
      req.once('error', reject);
      req.end(body);
    });
  }

  /** Sends what is left, as long as the API takes it. */
  async function close() {
    while (queue.length > 0) {
      const before = queue.length;
      await flush();
      if (queue.length >= before) break;
    }
    clearTimeout(timer);
    agent.destroy();
  }

  return { take, flush, close, pending: () => queue.length };
}

const longer = (value, max) => value !== undefined && value.length > max;

/** The article a beacon's body names: exactly `{"articleId": n}` with n an id PostgreSQL holds; else null. */
function articleOf(body) {
  let view;
  try {
    view = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof view !== 'object' || view === null || Array.isArray(view)) return null;
  const keys = Object.keys(view);
  const { articleId } = view;
  return keys.length === 1 && Number.isInteger(articleId) && articleId >= 1 && articleId <= PG_INT_MAX ? articleId : null;
}
