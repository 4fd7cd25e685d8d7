import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

// A proxy's id is kept when it looks like one (Caddy and the front door may set it), so one id
// follows a request through every hop; anything else gets a fresh UUID.
const PASSED_ID = /^[\w.:-]{8,100}$/;

/** The request's id, also sent back as X-Request-Id (members quote it when reporting). */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && PASSED_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}
