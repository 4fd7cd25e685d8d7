import type { Express, Request } from 'express';
import type { IncomingMessage } from 'node:http';

/**
 * The client's address for a request express never routes (the chat socket's upgrade), worked
 * out exactly as express's own `req.ip`: the app's `trust proxy` setting (TRUST_PROXY) decides
 * which X-Forwarded-For hops are believed, through the same proxy-addr code.
 */
export function requestAddress(app: Express): (req: IncomingMessage) => string | undefined {
  return (req) => (Object.create(app.request, { headers: { value: req.headers }, socket: { value: req.socket } }) as Request).ip;
}
