// How long the edge waits on a visitor's connection, stated once: the front door uses these
// (server.mjs), and deploy/Caddyfile's `servers { timeouts }` defaults are the same figures
// (caddyfile.test.mjs compares them). Without them a connection that never
// finishes its request (slowloris) is held for good. WebSockets (/ws) are not bound by them: once
// upgraded a connection is the chat's, which has its own heartbeat.
import { ARTICLE_IMPORT_BODY_LIMIT, UPLOAD_BODY_LIMIT } from './body-limits.mjs';

/** The slowest upload link a visitor may have and still send the largest upload: 1 Mbit/s (ADSL, poor mobile). */
export const SLOWEST_UPLOAD_BITS_PER_SECOND = 1_000_000;
/**
 * The slowest link an admin may import a whole site archive over (200 MB): 10 Mbit/s, an ordinary
 * office or home fibre uplink. A slower admin imports the site in several smaller archives; the
 * server-wide body deadline is not raised to 27 minutes for everyone (slowloris) for their sake.
 */
export const SLOWEST_IMPORT_BITS_PER_SECOND = 10_000_000;

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const EDGE_TIMEOUTS = Object.freeze({
  /** The request line and headers: a browser sends them in one packet; 10 s is generous on any link. */
  readHeaderMs: 10 * SECOND,
  /**
   * The whole request, body included (Caddy's read_body is Go's ReadTimeout, counted from the
   * connection's first byte): the longer of the largest upload (21 MiB) at the slowest link,
   * 22,020,096 B × 8 / 1 Mbit/s = 176 s, and the largest site archive (201 MiB) at an admin's
   * slowest, 210,763,776 B × 8 / 10 Mbit/s = 169 s, rounded up to whole minutes: 3 minutes.
   */
  readBodyMs: Math.ceil(Math.max((UPLOAD_BODY_LIMIT * 8) / SLOWEST_UPLOAD_BITS_PER_SECOND, (ARTICLE_IMPORT_BODY_LIMIT * 8) / SLOWEST_IMPORT_BITS_PER_SECOND) / 60) * MINUTE,
  /**
   * The answer. Caddy's is a deadline counted from the request's headers, so it must hold the
   * largest upload (3 minutes) and then the longest answer (an article import's streamed progress):
   * 10 minutes. The front door counts it as time without progress (nothing read or written).
   */
  writeMs: 10 * MINUTE,
  /** A kept-alive connection between requests: longer than a load balancer's usual 60 s, so one in front closes first. */
  idleMs: 65 * SECOND,
});

/** How often the front door looks for connections past readHeaderMs or readBodyMs (Node's default, 30 s, would let them run over by that much). */
export const TIMEOUT_CHECK_EVERY_MS = 1 * SECOND;
