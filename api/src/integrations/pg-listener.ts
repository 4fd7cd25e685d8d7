import pg from 'pg';
import type { Logger } from 'pino';

/**
 * A dedicated connection that LISTENs on one PostgreSQL channel and reconnects with growing
 * waits (1 s … 30 s) when it drops. A notification sent while it was down is lost, so every
 * (re)connection calls `onConnect`: callers catch up there; `onDisconnect` tells them it dropped.
 */
export function listenOn(deps: { databaseUrl: string; channel: string; logger: Logger; onNotify: (payload: string) => void; onConnect?: () => void; onDisconnect?: () => void }) {
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = 1000;
  let timer: NodeJS.Timeout | null = null;

  async function connect() {
    if (stopped) return;
    const c = new pg.Client({ connectionString: deps.databaseUrl });
    c.on('notification', (n) => {
      if (n.channel === deps.channel) deps.onNotify(n.payload ?? '');
    });
    c.on('error', (err) => deps.logger.warn({ err: err.message, channel: deps.channel }, 'listener lost its connection'));
    c.on('end', () => {
      if (client === c) {
        client = null;
        deps.onDisconnect?.();
        retry();
      }
    });
    try {
      await c.connect();
      await c.query(`listen ${deps.channel}`);
      client = c;
      delay = 1000;
      deps.onConnect?.();
    } catch (err) {
      deps.logger.warn({ err: (err as Error).message, channel: deps.channel }, 'listener could not connect; retrying');
      await c.end().catch(() => {});
      retry();
    }
  }

  function retry() {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, 30_000);
  }

  return {
    start: connect,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
