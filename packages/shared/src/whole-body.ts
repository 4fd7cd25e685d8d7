import type { IncomingMessage } from 'node:http';

/**
 * Reads a small request body (of a declared length the caller has checked) to its end: `done` gets
 * it, or null when the client went away before its end. Such a body usually comes in the packet
 * with its head: once the parser is through that packet (a microtask later) it is all in the
 * request's buffer and is read in one call, without switching the stream to flowing (three turns
 * of the event loop a request). Otherwise it is read as it comes. The API's hot writes and the
 * front door's relay of small bodies read theirs this way.
 */
export function readWholeBody(req: IncomingMessage, done: (body: Buffer | null) => void): void {
  queueMicrotask(() => {
    if (req.complete && req.readableLength > 0 && req.readableFlowing === null) return done(req.read() as Buffer);
    let first: Buffer | undefined;
    let more: Buffer[] | undefined;
    req.on('data', (chunk: Buffer) => {
      if (first === undefined) first = chunk;
      else (more ??= [first]).push(chunk);
    });
    req.once('end', () => done(more ? Buffer.concat(more) : (first ?? Buffer.alloc(0))));
    req.once('close', () => req.complete || done(null));
  });
}
