// Each request's id and its one log line, at the cost of nothing on the hot path: the request's
// logger (`req.log`, a child carrying the request) is made the first time something logs with it,
// and the completion line is written only at a level the logger keeps. pino-http built that child
// (serializing and redacting the request) for every request, logged or not: a tenth of a cached
// read's time.
import { performance } from 'node:perf_hooks';
import type express from 'express';
import type { Level, Logger } from 'pino';
import { requestId, type TrustsPeer } from './request-id.ts';

declare module 'node:http' {
  interface IncomingMessage {
    /** The request's id, also sent back as X-Request-Id. */
    id: string;
    /** A logger whose lines carry this request. */
    log: Logger;
  }
}

const ownLogger = Symbol('request logger');
type WithLogger = express.Request & { [ownLogger]?: Logger };
const startedAt = Symbol('request started');
type WithStart = express.Request & { [startedAt]?: number };

/** What a line says of the request: the serializers redact its headers and address. */
const requestBinding = (req: express.Request) => ({ id: req.id, method: req.method, url: req.originalUrl, headers: req.headers, remoteAddress: req.socket.remoteAddress });

/** Successful requests log at debug, refused ones at warn, failures at error. */
const levelOf = (status: number): Level => (status >= 500 ? 'error' : status >= 400 ? 'warn' : 'debug');

/** Installs `req.id`, `req.log` and the completion line on `app`. */
export function requestLogging(app: express.Express, logger: Logger): express.RequestHandler {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: WithLogger) {
      return (this[ownLogger] ??= logger.child({ req: requestBinding(this) }));
    },
  });
  // One listener for every answer (not a closure per request): 'finish' comes once per answer.
  function completed(this: express.Response) {
    const level = levelOf(this.statusCode);
    if (!logger.isLevelEnabled(level)) return;
    const req = this.req as WithStart;
    req.log[level]({ res: { statusCode: this.statusCode, headers: this.getHeaders() }, responseTime: Math.round(performance.now() - req[startedAt]!) }, 'request completed');
  }
  return (req, res, next) => {
    req.id = requestId(req, res, app.get('trust proxy fn') as TrustsPeer);
    (req as WithStart)[startedAt] = performance.now();
    res.on('finish', completed);
    next();
  };
}
