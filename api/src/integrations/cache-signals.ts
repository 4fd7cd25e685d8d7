import type { Logger } from 'pino';
import { listenOn } from './pg-listener.ts';

/** The channel the database's triggers signal on (migration 0015): a session ended (s:), a member changed (u:), a list changed (l:). */
export const CACHE_CHANNEL = 'cache_signals';

/** What a cache does with the signals: drop what a payload names; forget everything when the connection comes or goes (a signal may have been missed). */
export type CacheSignalHandler = { onNotify(payload: string): void; onConnect(): void; onDisconnect(): void };

export type CacheSignals = {
  /** Adds a cache; it hears `onConnect` at once when the connection is already up. */
  subscribe(handler: CacheSignalHandler): void;
  start(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * One LISTEN connection per instance for every in-memory cache (sessions, lists), so adding a
 * cache costs no connection and every cache sees the connection drop and return at the same time.
 */
export function createCacheSignals(deps: { databaseUrl: string; logger: Logger }): CacheSignals {
  const handlers = new Set<CacheSignalHandler>();
  let connected = false;
  const each = (call: (h: CacheSignalHandler) => void) => {
    for (const h of handlers) call(h);
  };
  const listener = listenOn({
    databaseUrl: deps.databaseUrl,
    channel: CACHE_CHANNEL,
    logger: deps.logger,
    onNotify: (payload) => each((h) => h.onNotify(payload)),
    onConnect: () => {
      connected = true;
      each((h) => h.onConnect());
    },
    onDisconnect: () => {
      connected = false;
      each((h) => h.onDisconnect());
    },
  });
  return {
    subscribe(handler) {
      handlers.add(handler);
      if (connected) handler.onConnect();
    },
    start: listener.start,
    async stop() {
      connected = false;
      each((h) => h.onDisconnect());
      await listener.stop();
    },
  };
}
