// The hottest signed-in reads answered before Express (issue 53 #1). For GET /api/user Express and
// its router were about a quarter of the API's time: setting two prototypes and a final handler
// per request, every layer's `next`, the security headers one setHeader at a time. A hot read
// answers only the request its route would answer with 200 — a GET or HEAD of exactly its path,
// no body, a signed-in caller — with the same header lines in the same order and the same body;
// anything else (a visitor, a query string, a body, a failure, the completion line being logged)
// it hands to Express untouched, so the route's own checks, errors and logging answer as before.
// The head is written as text where Node would write the same (a GET kept alive: head-text.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type express from 'express';
import type { Logger } from 'pino';
import { ID_PARAM_PATTERN, PG_INT_MAX } from '@app/shared/schemas';
import { headLines, writeHeadText } from '@app/shared/server';
import { requestIdOf, type TrustsPeer } from './request-id.ts';

/** A 200 answer's own header lines (after the security headers and X-Request-Id) and its body. */
export type HotAnswer = { headers: string[]; body: string | Buffer };
/**
 * Answers a read, or null to let Express answer it. A rejection also goes to Express (the route then
 * meets the same failure). `id`: a path ending in `/:id` gives its id (plain digits, within
 * PostgreSQL's integer range, as IdParamSchema takes them; any other last segment goes to Express).
 */
export type HotRead = (req: IncomingMessage, id: number) => Promise<HotAnswer | null>;

type Handle = (req: IncomingMessage, res: ServerResponse, callback?: unknown) => void;

/** A JSON answer as sendJson and noStore send it: private, never stored. */
export const privateJsonAnswer = (body: string | Buffer): HotAnswer => ({
  headers: ['Cache-Control', 'private, no-store', 'Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(Buffer.byteLength(body))],
  body,
});

/**
 * Puts `reads` in front of `app`'s own handling: by exact path, or a path ending in `/:id` for
 * every id under it. `securityHeaders` is every answer's block as a flat list of lines, the same the
 * app's first middleware sets.
 */
export function answerHotReads(app: express.Express, opts: { logger: Logger; securityHeaders: readonly string[]; reads: Record<string, HotRead> }): void {
  const exact = new Map<string, HotRead>();
  const byId = new Map<string, HotRead>(); // by the path before the id, with its slash
  for (const [path, read] of Object.entries(opts.reads)) {
    if (path.endsWith('/:id')) byId.set(path.slice(0, -':id'.length), read);
    else exact.set(path, read);
  }
  /** The read for a path and the id the path names (0 for an exact path), or null. */
  const match = (url: string): { read: HotRead; id: number } | null => {
    const read = exact.get(url);
    if (read !== undefined) return { read, id: 0 };
    // An id as IdParamSchema takes it: its spelling, within PostgreSQL's integer range.
    const slash = url.lastIndexOf('/');
    const under = byId.get(url.slice(0, slash + 1));
    if (under === undefined) return null;
    const last = url.slice(slash + 1);
    return ID_PARAM_PATTERN.test(last) && Number(last) <= PG_INT_MAX ? { read: under, id: Number(last) } : null;
  };
  const { logger, securityHeaders } = opts;
  const securityText = headLines(securityHeaders);
  const appHandle = (app as unknown as { handle: Handle }).handle;
  const toExpress = (req: IncomingMessage, res: ServerResponse) => appHandle.call(app, req, res);
  const send = (req: IncomingMessage, res: ServerResponse, answer: HotAnswer) => {
    const id = requestIdOf(req, app.get('trust proxy fn') as TrustsPeer);
    (req as IncomingMessage & { id: string }).id = id;
    // The same lines as text, written as Node would (head-text.ts): our own, known valid; else writeHead checks them.
    if (writeHeadText(req, res, `${securityText}X-Request-Id: ${id}\r\n${headLines(answer.headers)}`)) return void res.end(answer.body);
    res.writeHead(200, [...securityHeaders, 'X-Request-Id', id, ...answer.headers]);
    res.end(req.method === 'HEAD' ? undefined : answer.body);
  };
  (app as unknown as { handle: Handle }).handle = function handle(req, res, callback) {
    const hot = callback === undefined && (req.method === 'GET' || req.method === 'HEAD') ? match(req.url ?? '') : null;
    // A body (parsed and checked for NUL by the JSON layer; an empty one parses to nothing) or a completion line at debug is Express's.
    const length = req.headers['content-length'];
    if (hot === null || (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined || logger.isLevelEnabled('debug')) {
      return appHandle.call(this, req, res, callback);
    }
    hot
      .read(req, hot.id)
      .then(
        (answer) => (answer === null ? toExpress(req, res) : send(req, res, answer)),
        () => toExpress(req, res),
      )
      .catch((err: unknown) => {
        // Not expected (the answer's lines are ours); the request must not hang.
        logger.error({ err }, 'a hot read failed');
        res.destroy();
      });
  };
}
