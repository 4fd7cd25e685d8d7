// The busiest write answered before Express (issue 53 #3): the view beacon, POST /api/views, sent
// by every reader of every static page. Through Express a beacon cost about twice a hot read: the
// router, body-parser's stream and content-type work, proxy-addr's address parsing, the security
// headers one setHeader at a time. A hot write answers only what its route would answer with 204 —
// a POST of exactly its path from one of our origins, a small JSON body that parses, holds no NUL
// and that the write accepts — with the same header lines in the same order. Anything else goes to
// Express: before the body is read (another method, path or type, a large or encoded body, a
// cross-origin request, the completion line being logged), untouched; after it (bad
// JSON, a NUL, a value the write refuses), with the text it read, which the JSON layer then parses
// as body-parser would (`jsonBody`), so the route's own checks, errors and logging answer as before.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type express from 'express';
import type { Logger } from 'pino';
import { headLines, readWholeBody, writeNoContentText } from '@app/shared/server';
import { crossOrigin, originSet } from './cross-origin.ts';
import { hasNul } from './nul.ts';
import { requestIdOf, trustedPeer, type TrustsPeer } from './request-id.ts';

/**
 * Takes a request's parsed body and the client's address (as `req.ip` reads it): true when it was
 * done (to be answered 204), false to let Express's route answer it (it meets the same refusal).
 */
export type HotWrite = (req: IncomingMessage, body: unknown, address: string) => boolean;

/** The largest body a hot write reads; a larger one is Express's (its JSON layer's limit applies). */
const HOT_BODY_MAX = 1024;

type Handle = (req: IncomingMessage, res: ServerResponse, callback?: unknown) => void;
const readText = Symbol('body read before Express');
type WithText = IncomingMessage & { [readText]?: string };

/**
 * Parses a JSON body as body-parser's strict `json()` does: a BOM dropped, an empty body `{}`, only
 * an object or an array at the top; throws its `entity.parse.failed` error (error-handler.ts).
 */
function parseJsonBody(text: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.length === 0) return {};
  const first = body[0] === '{' || body[0] === '[' ? body[0] : body.trimStart()[0];
  try {
    if (first !== '{' && first !== '[') throw new SyntaxError(`Unexpected token '${first}'`);
    return JSON.parse(body);
  } catch (err) {
    throw Object.assign(err as SyntaxError, { status: 400, statusCode: 400, expose: true, type: 'entity.parse.failed', body });
  }
}

/**
 * The JSON layer: `parser` (express.json) for every request, except one whose body a hot write
 * already read, which it parses the same way.
 */
export function jsonBody(parser: express.RequestHandler): express.RequestHandler {
  return (req, res, next) => {
    const text = (req as WithText)[readText];
    if (text === undefined) return parser(req, res, next);
    try {
      req.body = parseJsonBody(text);
    } catch (err) {
      return next(err);
    }
    next();
  };
}

/**
 * The client's address as Express's `req.ip` reads it. proxy-addr takes the peer when it is not
 * ours, else the last address of X-Forwarded-For it does not trust: with one address there (Node
 * joins repeated headers with commas), that address. A chain (a reader behind Caddy reaches the API
 * through Caddy and the front door) is walked by Express's own getter, on the request's parts.
 */
function clientAddress(req: IncomingMessage, app: express.Express, trustsPeer: TrustsPeer): string {
  const peer = req.socket.remoteAddress ?? '';
  const forwarded = req.headers['x-forwarded-for'];
  if (forwarded === undefined || forwarded === '' || !trustedPeer(req, trustsPeer)) return peer;
  if (typeof forwarded === 'string' && !forwarded.includes(',')) return forwarded.trim() || peer;
  const asExpressReads = Object.create(app.request, { headers: { value: req.headers }, socket: { value: req.socket } }) as express.Request;
  return asExpressReads.ip ?? '';
}

/**
 * The client's address had `req` carried `forwardedFor` as its X-Forwarded-For, as `req.ip` would
 * read it: for a view beacon the front door answered and sent on in a batch, with the chain it
 * would have sent with the beacon, over the same kind of connection (routes/reading.ts).
 */
export function addressForwardedBy(req: IncomingMessage, app: express.Express, forwardedFor: string): string {
  const asRelayed = { headers: { 'x-forwarded-for': forwardedFor }, socket: req.socket } as unknown as IncomingMessage;
  return clientAddress(asRelayed, app, app.get('trust proxy fn') as TrustsPeer);
}

/**
 * Puts `writes` (by exact path) in front of `app`'s own handling. `securityHeaders`: every answer's
 * block as a flat list of lines, the same the app's first middleware sets; `origins`: ours, as the
 * origin layer takes them.
 */
export function answerHotWrites(app: express.Express, opts: { logger: Logger; securityHeaders: readonly string[]; origins: string[]; writes: Record<string, HotWrite> }): void {
  const writes = new Map(Object.entries(opts.writes));
  const { logger, securityHeaders } = opts;
  const allowed = originSet(opts.origins);
  const securityText = headLines(securityHeaders);
  const appHandle = (app as unknown as { handle: Handle }).handle;

  /** Whether a hot write may read the request: a small JSON body, from our origin, nothing to log. */
  const mayRead = (req: IncomingMessage): boolean => {
    const { headers } = req;
    const length = Number(headers['content-length']);
    const type = headers['content-type']?.toLowerCase();
    return (
      length > 0 &&
      length <= HOT_BODY_MAX &&
      headers['transfer-encoding'] === undefined &&
      headers['content-encoding'] === undefined &&
      (type === 'application/json' || type === 'application/json; charset=utf-8' || type === 'application/json;charset=utf-8') &&
      !crossOrigin(allowed, headers.origin, headers['sec-fetch-site'] as string | undefined) &&
      !logger.isLevelEnabled('debug')
    );
  };
  const toExpress = (req: IncomingMessage, res: ServerResponse, text: string) => {
    (req as WithText)[readText] = text;
    appHandle.call(app, req, res);
  };
  const noContent = (req: IncomingMessage, res: ServerResponse, trust: TrustsPeer) => {
    const id = requestIdOf(req, trust);
    (req as IncomingMessage & { id: string }).id = id;
    // The same lines as text, written as Node would (head-text.ts); else writeHead checks them.
    if (!writeNoContentText(req, res, `${securityText}X-Request-Id: ${id}\r\n`)) res.writeHead(204, [...securityHeaders, 'X-Request-Id', id]);
    res.end();
  };

  (app as unknown as { handle: Handle }).handle = function handle(req, res, callback) {
    const write = callback === undefined && req.method === 'POST' ? writes.get(req.url ?? '') : undefined;
    if (write === undefined || !mayRead(req)) return appHandle.call(this, req, res, callback);
    readWholeBody(req, (bytes) => {
      // The client went away mid-body: there is no one to answer.
      if (bytes === null) return void res.destroy();
      const text = bytes.toString('utf8');
      try {
        let body: unknown;
        try {
          body = parseJsonBody(text);
        } catch {
          return toExpress(req, res, text);
        }
        const trust = app.get('trust proxy fn') as TrustsPeer;
        if (hasNul(body) || !write(req, body, clientAddress(req, app, trust))) return toExpress(req, res, text);
        noContent(req, res, trust);
      } catch (err) {
        // Not expected (nothing here throws on a request's input); the request must not hang.
        logger.error({ err }, 'a hot write failed');
        res.destroy();
      }
    });
  };
}
