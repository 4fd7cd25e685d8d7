// The API's answers that every visitor gets alike — the public lists (GET /api/articles, the
// categories, a category's articles, the products, a visitor's videos) — kept by the front door and
// sent by it, so a visitor's list costs the door what a static page does and the API nothing
// (issue 53 #2: the API's per-request work, not the list, was the limit).
//
// Correct only because the API says which answers these are and when they change:
//  - an answer is kept only if the API marked it with the content read model's generation
//    (SHARED_ANSWER_HEADER; api/src/routes/send-validated.ts) — the API's promise that every
//    request without a cookie and without Authorization gets these bytes, whatever else it sends
//    but Accept-Encoding (part of the key) and If-None-Match (answered here from the kept ETag);
//  - the door follows the generation on a feed from the API (GET /api/internal/content-generation?follow=1,
//    with the internal secret, never through the public origin): the API writes a line as each new
//    generation comes into use, before it answers any request from it. An answer is kept and sent
//    only while the feed is open and names the generation the answer was made from; a new line
//    forgets everything; a closed, silent or refused feed forgets everything and keeps nothing
//    until it is open again (an API restarting, shutting down, or another API).
//  - only for GET and HEAD without a cookie and without Authorization: nothing per member is ever
//    kept or sent from here, and a member's request always reaches the API.
// The API writes the line before the answer that first shows the new generation, so a visitor who
// has seen the new content through the door (a relayed answer) never gets an older list after it.
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';

/** The API's mark on an answer it shares (its content generation); the door takes it off. */
export const SHARED_ANSWER_HEADER = 'x-content-generation';
export const GENERATION_FEED_PATH = '/api/internal/content-generation';
/** The API repeats the generation every 15 s; three missed lines and the feed is taken for dead. */
const FEED_SILENT_MS = 45_000;
const FEED_RETRY_MS = 1_000;
const MAX_ENTRIES = 64;
const MAX_ENTRY_BYTES = 8 * 1024 * 1024;
const MAX_BYTES = 32 * 1024 * 1024;
/** What an answer may vary by and still be kept: the key has the coding; the rest is never present here. */
const VARY_KEPT = new Set(['accept-encoding', 'cookie', 'authorization']);
/** Per request, never kept: the door names each request itself and Node dates each answer. */
const NOT_KEPT = new Set(['x-request-id', 'date']);
/** A 304 says nothing about the body (as the API's own 304s). */
const NOT_IN_304 = new Set(['content-type', 'content-length', 'content-encoding']);

/** Whether an If-None-Match names this strong tag (as the API compares them). */
function holds(ifNoneMatch, etag) {
  if (ifNoneMatch === etag) return true;
  for (const tag of ifNoneMatch.split(',')) if (tag.trim() === etag) return true;
  return false;
}

const keyOf = (req) => `${req.url}\n${req.headers['accept-encoding'] ?? ''}`;

/**
 * `apiUrl`/`apiSocket`: where the feed is read (the socket when the API listens on one);
 * `internalSecret`: the services' secret the feed asks for.
 * @param {{ apiUrl: string; apiSocket?: string; internalSecret: string; log?: (msg: string, extra?: object) => void; retryMs?: number; silentMs?: number }} options
 */
export function createSharedAnswers({ apiUrl, apiSocket, internalSecret, log = () => {}, retryMs = FEED_RETRY_MS, silentMs = FEED_SILENT_MS }) {
  /** The generation the open feed names; null while it is not open. */
  let current = null;
  /** key → { generation, etag, headers (200, the last slot the request id), notModified (304, likewise), body } */
  const entries = new Map();
  let bytes = 0;
  let feed = null;
  let retry = null;
  let silent = null;
  let closed = false;
  let wasOpen = false;

  function forget() {
    entries.clear();
    bytes = 0;
  }

  function lost(reason) {
    if (feed === null) return;
    feed = null;
    current = null;
    forget();
    clearTimeout(silent);
    if (wasOpen) log('shared answers: the API’s content generation feed closed; answering from the API', { reason });
    wasOpen = false;
    if (!closed) retry = setTimeout(connect, retryMs).unref();
  }

  function heard(line) {
    if (!line) return;
    if (line !== current) {
      current = line;
      forget();
    }
    silent.refresh();
  }

  function connect() {
    retry = null;
    if (closed) return;
    const url = new URL(apiUrl);
    const target = apiSocket ? { socketPath: apiSocket } : { host: url.hostname, port: url.port };
    const req = request({ ...target, path: `${GENERATION_FEED_PATH}?follow=1`, headers: { 'x-internal-secret': internalSecret, host: url.host } });
    feed = req;
    silent = setTimeout(() => req.destroy(new Error('the feed said nothing for too long')), silentMs).unref();
    req.on('response', (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return req.destroy(new Error(`the feed answered ${res.statusCode}`));
      }
      if (!wasOpen) log('shared answers: following the API’s content generation');
      wasOpen = true;
      let partial = '';
      res.setEncoding('utf8');
      res.on('data', (text) => {
        const lines = (partial + text).split('\n');
        partial = lines.pop();
        if (feed === req) for (const line of lines) heard(line.trim());
      });
      res.on('end', () => feed === req && lost('ended'));
      res.on('error', (err) => feed === req && lost(err.message));
    });
    req.on('error', (err) => feed === req && lost(err.message));
    req.on('close', () => feed === req && lost('closed'));
    req.end();
  }

  return {
    /** The generation the door follows now (null: the feed is not open); for tests and logs. */
    generation: () => current,

    /** Answers a visitor's GET or HEAD from a kept answer of the current generation; false when there is none. */
    answer(req, res) {
      if (current === null || entries.size === 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
      const h = req.headers;
      if (h.cookie !== undefined || h.authorization !== undefined) return false;
      const entry = entries.get(keyOf(req));
      if (entry === undefined || entry.generation !== current) return false;
      const inm = h['if-none-match'];
      if (inm !== undefined && holds(inm, entry.etag)) {
        entry.notModified[entry.notModified.length - 1] = randomUUID();
        res.writeHead(304, entry.notModified);
        res.end();
        return true;
      }
      entry.headers[entry.headers.length - 1] = randomUUID();
      res.writeHead(200, entry.headers);
      res.end(req.method === 'HEAD' ? undefined : entry.body);
      return true;
    },

    /**
     * For a visitor's GET the relay passes on: what keeps its answer if the API marked it with the
     * generation the feed names (now and when the answer ends). Null when nothing may be kept.
     */
    keeper(req) {
      if (current === null || req.method !== 'GET') return null;
      const h = req.headers;
      if (h.cookie !== undefined || h.authorization !== undefined) return null;
      const generation = current;
      const key = keyOf(req);
      return {
        /** Whether to gather this answer's body: `headers` as relayed (flat), `marked` the API's generation or null. */
        wants(status, headers, marked) {
          if (status !== 200 || marked !== generation || current !== generation) return false;
          for (let i = 0; i < headers.length; i += 2) {
            const name = headers[i].toLowerCase();
            if (name === 'set-cookie') return false;
            if (name === 'vary' && !headers[i + 1].split(',').every((v) => VARY_KEPT.has(v.trim().toLowerCase()))) return false;
            if (name === 'cache-control' && /\b(private|no-store)\b/i.test(headers[i + 1])) return false;
          }
          return true;
        },
        /** The whole answer arrived: kept if its generation is still the one the feed names. */
        keep(headers, body) {
          if (current !== generation || body.length > MAX_ENTRY_BYTES) return;
          let etag = null;
          const kept = [];
          const notModified = [];
          for (let i = 0; i < headers.length; i += 2) {
            const name = headers[i].toLowerCase();
            if (NOT_KEPT.has(name)) continue;
            if (name === 'etag') etag = headers[i + 1];
            kept.push(headers[i], headers[i + 1]);
            if (!NOT_IN_304.has(name)) notModified.push(headers[i], headers[i + 1]);
          }
          if (etag === null) return;
          kept.push('X-Request-Id', '');
          notModified.push('X-Request-Id', '');
          const before = entries.get(key);
          if (before) {
            bytes -= before.body.length;
            entries.delete(key);
          }
          // The oldest go first when the door keeps too many (a visitor's made-up queries cannot grow it).
          for (const [oldKey, old] of entries) {
            if (entries.size < MAX_ENTRIES && bytes + body.length <= MAX_BYTES) break;
            entries.delete(oldKey);
            bytes -= old.body.length;
          }
          entries.set(key, { generation, etag, headers: kept, notModified, body });
          bytes += body.length;
        },
      };
    },

    /** Starts following the feed. */
    start() {
      if (feed === null && retry === null && !closed) connect();
    },

    close() {
      closed = true;
      clearTimeout(retry);
      feed?.destroy();
      lost('closed');
    },
  };
}
