import pg from 'pg';
import type { Logger } from 'pino';

/** The channel the CMS notifies on, inside the transaction that changed content (DESIGN §3). */
export const CONTENT_CHANGED_CHANNEL = 'content_changed';

/**
 * Listens for the CMS's change signal. PostgreSQL delivers a NOTIFY only when the CMS's
 * transaction commits, so what the API reads next is what was saved. A signal sent while this
 * connection was down is lost, so every (re)connection starts with a change of its own: the
 * read model reloads and catches up.
 */
export function listenForContentChanges(deps: { databaseUrl: string; logger: Logger; onChange: (reason: string) => void }) {
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = 1000;
  let timer: NodeJS.Timeout | null = null;

  async function connect() {
    if (stopped) return;
    const c = new pg.Client({ connectionString: deps.databaseUrl });
    c.on('notification', (n) => {
      if (n.channel === CONTENT_CHANGED_CHANNEL) deps.onChange(n.payload ?? 'cms');
    });
    c.on('error', (err) => deps.logger.warn({ err: err.message }, 'content change listener lost its connection'));
    c.on('end', () => {
      if (client === c) {
        client = null;
        retry();
      }
    });
    try {
      await c.connect();
      await c.query(`listen ${CONTENT_CHANGED_CHANNEL}`);
      client = c;
      delay = 1000;
      deps.onChange('listener connected');
    } catch (err) {
      deps.logger.warn({ err: (err as Error).message }, 'content change listener could not connect; retrying');
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
