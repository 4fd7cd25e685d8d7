// A response's head written as text the caller assembled, not by `writeHead` (issue 53 #1). Node
// serialises a response's headers anew for every request, checking each name and value: for a
// signed-in read's seventeen lines (the security headers, the request id, the answer's own) that
// was a fifth of a raw server's time (docs/decisions.md, session 36). The API's hot reads and the
// front door's relay write lines they already know to be valid: the API's own constants, and the
// lines of the API's answer as undici parsed them.
//
// Only a 200 to a GET (or a 204 to a request whose body was read to its end) on a kept-alive HTTP/1.1
// connection, with nothing set on the response before, on a server with no per-connection request
// cap; anything else is the caller's `writeHead`. It rests
// on internal fields of Node's ServerResponse (`_header`, `_headerSent`, `_last`, `_keepAliveTimeout`,
// `_defaultKeepAlive`, `_maxRequestsPerSocket`) of the Node the project pins (scripts/node.sh);
// `head-text.test.ts` compares the bytes on the wire with `writeHead`'s, so a Node that changed
// them fails there. The site's kept heads (site/server/kept-head.ts) ask the same question.
import type { IncomingMessage, ServerResponse } from 'node:http';

type NodeInternals = ServerResponse & {
  _header: string | null;
  _headerSent: boolean;
  _hasBody: boolean;
  _last: boolean;
  _keepAliveTimeout: number;
  _defaultKeepAlive: boolean;
  _maxRequestsPerSocket?: number;
  maxRequestsOnConnectionReached?: boolean;
};

/**
 * Whether a 200's head may be written as text for this request: a GET on a kept-alive HTTP/1.1
 * connection that stays open, the response untouched, Node adding a Date line and a keep-alive
 * timeout without a request cap (the lines `writeHeadText` adds after the caller's). For a 204
 * (`writeNoContentText`): any request read to its end, on the same terms.
 */
export function mayWriteHeadText(req: IncomingMessage, res: ServerResponse, status: 200 | 204 = 200): boolean {
  const r = res as NodeInternals;
  return (
    (status === 200 ? req.method === 'GET' : req.complete) &&
    req.httpVersion === '1.1' &&
    r.shouldKeepAlive &&
    r.sendDate &&
    !r.maxRequestsOnConnectionReached &&
    r._header === null &&
    r._defaultKeepAlive &&
    r._keepAliveTimeout > 0 &&
    !((r._maxRequestsPerSocket ?? 0) > 0) &&
    r.getHeaderNames().length === 0
  );
}

let dateSecond = -1;
let dateText = '';
/** The Date line's value for now (RFC 9110 §5.6.7), made once a second. */
function httpDate(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(second * 1000).toUTCString();
  }
  return dateText;
}

/**
 * Writes a 200's head from `lines` (each `Name: value\r\n`, valid as they are, one of them
 * Content-Length), then the Date line unless `lines` has one, and the connection's lines as Node
 * writes them; false (nothing written) when `mayWriteHeadText` says no: the caller uses `writeHead`.
 */
export function writeHeadText(req: IncomingMessage, res: ServerResponse, lines: string, hasDate = false): boolean {
  if (!mayWriteHeadText(req, res)) return false;
  storeHead(res as NodeInternals, 200, 'HTTP/1.1 200 OK', lines, hasDate);
  return true;
}

/**
 * A 204's head from `lines` (no Content-Length: a 204 has no body), as `writeHeadText` writes a
 * 200's; false (nothing written) when `mayWriteHeadText` says no for a 204.
 */
export function writeNoContentText(req: IncomingMessage, res: ServerResponse, lines: string): boolean {
  if (!mayWriteHeadText(req, res, 204)) return false;
  const r = res as NodeInternals;
  // As writeHead(204) does: whatever `end` is given, no body is sent.
  r._hasBody = false;
  storeHead(r, 204, 'HTTP/1.1 204 No Content', lines, false);
  return true;
}

function storeHead(r: NodeInternals, status: number, statusLine: string, lines: string, hasDate: boolean) {
  r.statusCode = status;
  r._header = `${statusLine}\r\n${lines}${hasDate ? '' : `Date: ${httpDate()}\r\n`}Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(r._keepAliveTimeout / 1000)}\r\n\r\n`;
  r._headerSent = false;
  r._last = false;
}

/** Header lines as text, from a flat list of names and values. */
export function headLines(headers: readonly string[]): string {
  let text = '';
  for (let i = 0; i < headers.length; i += 2) text += `${headers[i]}: ${headers[i + 1]}\r\n`;
  return text;
}
