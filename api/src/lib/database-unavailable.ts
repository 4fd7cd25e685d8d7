// PostgreSQL restarting, refusing connections or cut off mid-query is a moment to wait, not a bug:
// requests that meet it answer 503 with the spec's busy sentence and Retry-After (issue 26).

export const BUSY_MESSAGE = 'The site is busy, please try again in a moment.';

// Connection exceptions (08…), operator intervention (57P01–57P03: shutdown, crash, starting up),
// a primary demoted under a connection during a failover (25006: read-only transaction), and the
// errors node-postgres and Node raise when the server or its host is gone.
const UNAVAILABLE_SQLSTATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03', '53300', '25006']);
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
const UNAVAILABLE_MESSAGES = [/Connection terminated/i, /timeout exceeded when trying to connect/i, /Client has encountered a connection error/i, /the database system is (starting up|shutting down|in recovery mode)/i];

/** Whether an error (or what it wraps: drizzle puts the driver's error in `cause`) means the database cannot be reached. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message))) return true;
  }
  return false;
}
