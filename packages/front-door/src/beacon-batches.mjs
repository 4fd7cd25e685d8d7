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
import { forwardedFor } from './relay.mjs';

/** The beacon's path, and where the API takes the batches (api/src/routes/internal.ts; its schema allows up to 500). */
const BEACON_PATH = '/api/views';
export const BEACON_BATCH_PATH = '/api/internal/views';
/** Beacons a batch carries at most. */
const BATCH_MAX = 100;
/**
 * A beacon as the batch carries it, in bytes at most: one with a longer user agent, address chain
 * or privacy signal is unusual, and the API answers it itself. A batch is then at most 90 KB, within
 * the internal routes' 100 KB body, so one reader's headers never get a batch of others' refused.
 */
const ENTRY_BYTES_MAX = 900;
/** Beacons kept while the API cannot take them (restarting); past it the door relays them again. */
const QUEUE_MAX = 20_000;
/** How long a batch may take, and how often one the API could not take is tried before it is dropped. */
const SEND_TIMEOUT_MS = 10_000;
const TRIES = 5;
/** After the API refused a batch as not ours (a wrong secret: 403, or no such route: 404), beacons are relayed this long. */
const RELAY_FOR_MS = 60_000;
const JSON_TYPES = new Set(['application/json', 'application/json; charset=utf-8', 'application/json;charset=utf-8']);
const PG_INT_MAX = 2_147_483_647;

/**
 * `accepts(articleId)`: whether the live build has the article's page. Each beacon goes with what
 * the relay would have sent as X-Forwarded-For (relay.mjs's `forwardedFor`), from which the API
 * reads the reader's address as it reads a relayed beacon's. Returns `take(req, res, body)`: true when the beacon was
 * answered (else relay it), `flush()`, and `close()`: takes no more and sends what is left.
 * @param {{ apiUrl: string; apiSocket?: string; internalSecret: string; publicUrl: URL; accepts: (articleId: number) => boolean; log: (msg: string, extra?: object) => void; flushEveryMs?: number; retryAfterMs?: number }} options
 */
export function createBeaconBatches({ apiUrl, apiSocket, internalSecret, publicUrl, accepts, log, flushEveryMs = 100, retryAfterMs = 1000 }) {
  const url = new URL(apiUrl);
  const target = apiSocket ? { socketPath: apiSocket } : { host: url.hostname, port: url.port };
  // With a timeout, the agent drops an idle connection before the API would (server.mjs's agent).
  const agent = new Agent({ keepAlive: true, maxSockets: 4, timeout: 60_000 });
  const securityLines = Object.entries(apiSecurityHeaders({ https: publicUrl.protocol === 'https:' })).flat();
  const securityText = headLines(securityLines);
  /** The beacons waiting, each as its JSON text. */
  let queue = [];
  let timer = null;
  let sending = null;
  let tries = 0;
  let closing = false;
  let relayUntil = 0;
  let loggedAt = -Infinity;
  /** Logs a problem that may repeat with every batch once a minute at most. */
  const logNow = () => Date.now() - loggedAt > 60_000 && (loggedAt = Date.now());

  function take(req, res, body) {
    if (req.method !== 'POST' || req.url !== BEACON_PATH || closing || queue.length >= QUEUE_MAX || Date.now() < relayUntil) return false;
    const { headers } = req;
    if (headers.origin !== publicUrl.origin || headers['content-encoding'] !== undefined || !JSON_TYPES.has(headers['content-type']?.toLowerCase() ?? '')) return false;
    const articleId = articleOf(body);
    if (articleId === null || !accepts(articleId)) return false;
    const chain = forwardedFor(req);
    if (chain.length === 0) return false;
    const entry = JSON.stringify({ articleId, forwardedFor: chain, userAgent: headers['user-agent'], doNotTrack: headers.dnt, globalPrivacyControl: headers['sec-gpc'] });
    if (Buffer.byteLength(entry) > ENTRY_BYTES_MAX) return false;
    queue.push(entry);
    const id = randomUUID();
    if (!writeNoContentText(req, res, `${securityText}X-Request-Id: ${id}\r\n`)) res.writeHead(204, [...securityLines, 'X-Request-Id', id]);
    res.end();
    if (queue.length >= BATCH_MAX) void flush();
    else timer ??= setTimeout(flush, flushEveryMs).unref();
    return true;
  }

  /**
   * Sends the queue a batch at a time, one batch in flight. A batch the API could not take (not
   * reached, restarting, a 5xx) stays first in line and is tried again a second later, TRIES times
   * in all. One it refused is dropped: after a 403 or a 404 (the secret is not its own) the door
   * relays beacons for a minute, which the API then counts itself.
   */
  function flush() {
    clearTimeout(timer);
    timer = null;
    if (sending) return sending;
    if (queue.length === 0) return Promise.resolve();
    const batch = queue.slice(0, BATCH_MAX);
    const dropBatch = () => {
      queue = queue.slice(batch.length);
      tries = 0;
    };
    sending = send(batch)
      .then(dropBatch, (err) => {
        if (err.status >= 400 && err.status < 500) {
          dropBatch();
          if (err.status === 403 || err.status === 404) relayUntil = Date.now() + RELAY_FOR_MS;
          if (logNow()) log('view beacons refused by the API', { beacons: batch.length, err: err.message });
          return;
        }
        if (++tries >= TRIES) {
          dropBatch();
          return log('view beacons dropped: the API did not take them', { beacons: batch.length, err: err.message });
        }
        if (logNow()) log('view beacons not sent yet', { beacons: queue.length, err: err.message });
        return new Promise((resolve) => setTimeout(resolve, retryAfterMs).unref());
      })
      .finally(() => {
        sending = null;
        if (queue.length > 0) timer ??= setTimeout(flush, queue.length >= BATCH_MAX ? 0 : flushEveryMs).unref();
      });
    return sending;
  }

  function send(entries) {
    const body = `{"views":[${entries.join(',')}]}`;
    return new Promise((resolve, reject) => {
      const req = request(
        { ...target, agent, method: 'POST', path: BEACON_BATCH_PATH, headers: { host: url.host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-internal-secret': internalSecret } },
        (res) => {
          const status = res.statusCode ?? 0;
          res.resume();
          res.once('end', () => (status === 200 ? resolve() : reject(Object.assign(new Error(`the API answered ${status}`), { status }))));
          // An answer cut short never ends.
          res.once('close', () => res.complete || reject(new Error('the API’s answer was cut short')));
        },
      );
      req.setTimeout(SEND_TIMEOUT_MS, () => req.destroy(new Error(`no answer in ${SEND_TIMEOUT_MS / 1000} s`)));
      req.once('error', reject);
      req.end(body);
    });
  }

  /** Takes no more beacons (they are relayed) and sends what is left, as long as the API takes it. */
  async function close() {
    closing = true;
    while (queue.length > 0) {
      const before = queue.length;
      await flush();
      if (queue.length >= before) break;
    }
    clearTimeout(timer);
    timer = null;
    agent.destroy();
  }

  return { take, flush, close, pending: () => queue.length };
}

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
