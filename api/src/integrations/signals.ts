import { connectedClient, listenWithRetry } from '@app/shared/server';
import pg from 'pg';
import type { Logger } from 'pino';
import type { SignalHandler, Signals } from '../domain/ports/signals.ts';

/**
 * The instance's one LISTEN connection (DESIGN §7.28), multiplexing every PostgreSQL channel its
 * parts listen on: content changes, cache signals, chat, notifications, presence. Adding a live
 * feature adds a channel here, not a connection; every part sees the connection drop and return
 * at the same time (a signal sent meanwhile is lost, so each catches up in `onConnect`).
 */
export function createSignals(deps: { databaseUrl: string; logger: Logger }): Signals {
  const handlers = new Map<string, Set<SignalHandler>>();
  const each = (call: (h: SignalHandler) => void) => {
    for (const set of handlers.values()) for (const h of set) call(h);
  };
  const loop = listenWithRetry<pg.Client>({
    connect: () => connectedClient(new pg.Client({ connectionString: deps.databaseUrl, application_name: 'api signals' })),
    discard: (client) => client.end(),
    channels: () => [...handlers.keys()],
    onNotify(channel, payload) {
      for (const h of handlers.get(channel) ?? []) h.onNotify(payload);
    },
    onConnect: () => each((h) => h.onConnect?.()),
    onDisconnect: () => each((h) => h.onDisconnect?.()),
    warn: (message, err) => deps.logger.warn({ err: err.message }, message),
  });
  return {
    subscribe(channel, handler) {
      const known = handlers.get(channel);
      if (known) {
        known.add(handler);
        if (loop.connected()) handler.onConnect?.();
        return;
      }
      handlers.set(channel, new Set([handler]));
      if (!loop.connected()) return;
      // A channel added while connected is listened on at once; its handler catches up once it is.
      void loop.listen(channel).then(
        () => handler.onConnect?.(),
        (err: Error) => deps.logger.warn({ err: err.message, channel }, 'could not listen on a new channel; the next connection will'),
      );
    },
    start: loop.start,
    async stop() {
      await loop.stop();
      each((h) => h.onDisconnect?.());
    },
  };
}
