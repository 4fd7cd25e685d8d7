// A static answer's status line and headers, as Node wrote them, sent again for the same answer in
// the same second (issue 53 #1). Node serialises a response's headers anew for every request,
// checking each name and value: for a page's thirteen lines (the security headers, its policy, its
// validator) that was most of what separated the front door from a raw server sending the same
// bytes with three (`../shared/bench/edge.sh`; measured in docs/decisions.md, session 31).
//
// The text is Node's own, so it is byte for byte what `writeHead` would write: only the Date line
// changes over time (Node's own date changes once a second, and the text is kept for one), and the
// connection lines with the request. It is reused only for a GET on a kept-alive HTTP/1.1
// connection, the case it was written for, with nothing set on the response before, on a server
// with the same keep-alive timeout and no per-connection request cap; anything else is written by
// `writeHead` as before. It rests on three internal fields of Node's ServerResponse (`_header`,
// `_headerSent`, `_last`) of the Node the project pins (scripts/node.sh); `kept-head.test.ts`
// compares the bytes on the wire with `writeHead`'s, so a Node that changed them fails there.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mayWriteHeadText } from '@app/shared/server';

/** The kept text, per answer: the second it was written in, and the server's keep-alive timeout. */
export type KeptHead = { second: number; keepAliveMs: number; text: string };
type NodeInternals = ServerResponse & { _header: string | null; _headerSent: boolean; _last: boolean; _keepAliveTimeout: number; maxRequestsOnConnectionReached?: boolean };

/**
 * Writes a 200's head: the kept text when it may be reused, else `writeHead(200, headers)`, whose
 * text is then kept in `holder.kept` when it could be reused later. `res` must have no headers set.
 */
export function writeHeadKept(req: IncomingMessage, res: ServerResponse, headers: (string | number)[], holder: { kept?: KeptHead }): void {
  const r = res as NodeInternals;
  if (!mayWriteHeadText(req, res)) return void res.writeHead(200, headers);
  const second = Math.floor(Date.now() / 1000);
  const kept = holder.kept;
  if (kept && kept.second === second && kept.keepAliveMs === r._keepAliveTimeout) {
    r.statusCode = 200;
    r._header = kept.text;
    r._headerSent = false;
    r._last = false;
    return;
  }
  res.writeHead(200, headers);
  // Kept only as written for a connection that stays open (Node found no reason to close it).
  if (!r._last && typeof r._header === 'string') holder.kept = { second, keepAliveMs: r._keepAliveTimeout, text: r._header };
}
