import { createServer, type RequestListener, type Server } from 'node:http';
import { answerClientErrorsAsJson } from './client-errors.ts';

/**
 * The API's HTTP server, on whichever listener (its port, its unix socket): requests Node refuses get
 * the JSON error shape, and idle kept-alive connections outlive the front door's and Caddy's, so the
 * proxy, not the API, closes them (no request is sent on a connection the API is closing).
 */
export function createApiHttpServer(app: RequestListener): Server {
  const server = createServer(app);
  answerClientErrorsAsJson(server);
  server.keepAliveTimeout = 65_000;
  return server;
}
