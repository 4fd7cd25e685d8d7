import { CHAT_SOCKETS_PER_MEMBER } from '@app/shared/browser';

/**
 * What one socket, member or address may make an instance hold. Without these a client could
 * queue unbounded work behind a slow message, or stop reading and let replies pile up in memory.
 */
export type SocketLimits = {
  /** Inbound messages one socket may have waiting (the one being handled included); past it the socket is closed. */
  queue: number;
  /** Bytes written to a socket but not yet taken by its client; past it the socket is closed. */
  bufferedBytes: number;
  /** Open sockets per member, on this instance. */
  perMember: number;
  /** Open sockets per client address (after TRUST_PROXY), on this instance: sockets are counted before the session is read. */
  perAddress: number;
  /** How old a socket's copy of its member (tier, role, status) may be when a message is delivered to it. */
  userRefreshMs: number;
};

export const SOCKET_LIMITS: SocketLimits = {
  // A browser sends a few messages at once (auth and its rejoins after a reconnect); a member types far slower.
  queue: 32,
  // About ten room histories.
  bufferedBytes: 1024 * 1024,
  perMember: CHAT_SOCKETS_PER_MEMBER,
  perAddress: 50,
  userRefreshMs: 5000,
};

/** Counts open sockets under a key (a member, an address) and refuses one more past `max`. */
export function createSocketCounter<K>(max: number) {
  const open = new Map<K, number>();
  return {
    /** Counts one more socket under `key`; false (and nothing counted) when it already holds `max`. */
    take(key: K): boolean {
      const n = open.get(key) ?? 0;
      if (n >= max) return false;
      open.set(key, n + 1);
      return true;
    },
    release(key: K) {
      const n = (open.get(key) ?? 1) - 1;
      if (n > 0) open.set(key, n);
      else open.delete(key);
    },
  };
}

/** One socket's messages, handled one at a time in the order sent, with at most `limit` waiting. */
export function createInboundQueue(limit: number, onError: (err: unknown) => void) {
  let waiting = 0;
  let tail = Promise.resolve();
  return {
    /** Queues the work; false when the queue is full (the caller closes the socket). */
    push(work: () => Promise<void> | void): boolean {
      if (waiting >= limit) return false;
      waiting++;
      tail = tail
        .then(work)
        .catch(onError)
        .finally(() => waiting--);
      return true;
    },
  };
}
