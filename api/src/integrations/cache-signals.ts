import type { CacheSignals, Signals } from '../domain/ports/signals.ts';

/** The channel the database's triggers signal on (migration 0015): a session ended (s:), a member changed (u:), a list changed (l:). */
export const CACHE_CHANNEL = 'cache_signals';

/**
 * The caches' channel on the instance's one LISTEN connection (signals.ts), so adding a cache
 * costs no connection and every cache sees the connection drop and return at the same time.
 */
export function cacheSignals(signals: Signals): CacheSignals {
  return { subscribe: (handler) => signals.subscribe(CACHE_CHANNEL, handler) };
}
