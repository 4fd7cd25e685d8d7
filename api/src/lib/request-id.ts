import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Whether the connecting address is a proxy of ours (express's compiled `trust proxy`, TRUST_PROXY). */
export type TrustsPeer = (address: string, hop: number) => boolean;

// The edge (Caddy, the front door) mints every request's id and overwrites any a visitor sent, so
// one id follows a request through every hop. An id is believed only from a connection of the
// edge's (a trusted proxy's address, or the unix socket, whose peer reads as loopback): a client
// that reaches the API directly cannot choose the id its request is logged and reported under.
const PASSED_ID = /^[\w.:-]{8,100}$/;

/**
 * Whether each connection's peer is a trusted proxy, worked out once per connection (its address
 * does not change; proxy-addr parsed it again for every request on a kept-alive connection).
 */
const peers = new WeakMap<object, { trustsPeer: TrustsPeer; trusted: boolean }>();
export function trustedPeer(req: IncomingMessage, trustsPeer: TrustsPeer): boolean {
  const socket = req.socket;
  const known = peers.get(socket);
  if (known?.trustsPeer === trustsPeer) return known.trusted;
  const trusted = trustsPeer(socket.remoteAddress ?? '', 0);
  // An address not yet known (a socket not connected) is not remembered.
  if (socket.remoteAddress !== undefined) peers.set(socket, { trustsPeer, trusted });
  return trusted;
}

/** The request's id: the edge's, when a trusted proxy passed a sane one, else a new one. */
export function requestIdOf(req: IncomingMessage, trustsPeer: TrustsPeer): string {
  const given = req.headers['x-request-id'];
  const fromEdge = typeof given === 'string' && PASSED_ID.test(given) && trustedPeer(req, trustsPeer);
  return fromEdge ? given : randomUUID();
}

/** The request's id, also sent back as X-Request-Id (members quote it when reporting). */
export function requestId(req: IncomingMessage, res: ServerResponse, trustsPeer: TrustsPeer): string {
  const id = requestIdOf(req, trustsPeer);
  res.setHeader('X-Request-Id', id);
  return id;
}
