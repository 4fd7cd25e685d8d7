import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFreshDatabase } from '@app/test-support/fresh-database';
import type { Payload } from 'payload';
import pg from 'pg';

export const TEST_SECRET = 'cms-test-internal-secret-0123456789';
/** Where our services reach the CMS (the service secret is accepted only there). */
export const PRIVATE_CMS_URL = 'http://127.0.0.1:3902';

export type Signal = { collection: string; operation: string; id: number | string };

/**
 * A real Payload on a fresh database, with a PostgreSQL listener standing in for the API so the
 * change signal (a NOTIFY, delivered on commit) can be observed. Environment is set before the
 * config is imported (it reads env).
 */
export async function startPayload() {
  const fresh = await createFreshDatabase();
  const signals: Signal[] = [];
  const listener = new pg.Client({ connectionString: fresh.url });
  await listener.connect();
  listener.on('notification', (n) => signals.push(JSON.parse(n.payload ?? '{}')));
  await listener.query('listen content_changed');

  Object.assign(process.env, {
    DATABASE_URL: fresh.url,
    PAYLOAD_SECRET: 'cms-test-payload-secret',
    INTERNAL_SECRET: TEST_SECRET,
    MEDIA_DIR: await mkdtemp(path.join(tmpdir(), 'cms-media-')),
    CMS_URL: PRIVATE_CMS_URL,
  });
  const { getPayload } = await import('payload');
  const { default: config } = await import('../src/payload.config');
  const payload: Payload = await getPayload({ config });
  await payload.db.migrate();

  return {
    payload,
    signals,
    async waitForSignals(n: number, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (signals.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      return signals;
    },
    async close() {
      // Dropping the database ends Payload's pooled connections; that is expected here.
      (payload.db as unknown as { pool: { on(e: 'error', f: () => void): void } }).pool.on('error', () => {});
      await payload.destroy();
      await listener.end();
      await fresh.drop();
    },
  };
}
