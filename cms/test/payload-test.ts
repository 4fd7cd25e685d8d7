import { mkdtemp, rm } from 'node:fs/promises';
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
 * Sets these variables, and answers how to put the whole environment back as it was: the files of
 * a worker share one process and its modules (vitest.config.ts: isolate false), so a file leaves
 * none of its settings to the next.
 */
export function setEnvironment(values: Record<string, string>): () => void {
  const before = { ...process.env };
  Object.assign(process.env, values);
  return () => {
    for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
    Object.assign(process.env, before);
  };
}

/**
 * A real Payload on a fresh database, with a PostgreSQL listener standing in for the API so the
 * change signal (a NOTIFY, delivered on commit) can be observed. Environment is set before the
 * config is built (it reads env). `migratedUntil` stops before the named migration, so a test can
 * store data as it was then and run the rest (`payload.db.migrate()`).
 */
export async function startPayload(options: { migratedUntil?: string } = {}) {
  const fresh = await createFreshDatabase();
  const signals: Signal[] = [];
  const listener = new pg.Client({ connectionString: fresh.url });
  await listener.connect();
  listener.on('notification', (n) => signals.push(JSON.parse(n.payload ?? '{}')));
  await listener.query('listen content_changed');

  const mediaDir = await mkdtemp(path.join(tmpdir(), 'cms-media-'));
  const restoreEnvironment = setEnvironment({
    DATABASE_URL: fresh.url,
    PAYLOAD_SECRET: 'cms-test-payload-secret',
    INTERNAL_SECRET: TEST_SECRET,
    MEDIA_DIR: mediaDir,
    CMS_URL: PRIVATE_CMS_URL,
  });
  const { getPayload } = await import('payload');
  const { buildPayloadConfig } = await import('../src/build-payload-config');
  // getPayload keeps its instance on globalThis._payload, where Payload's own handlers (the REST
  // endpoints the tests call) find it: this file's instance, on this file's database and config,
  // takes the place of an earlier file's.
  (globalThis as { _payload?: Map<string, unknown> })._payload?.delete('default');
  const payload: Payload = await getPayload({ config: buildPayloadConfig() });
  await payload.db.migrate(options.migratedUntil ? { migrations: await migrationsBefore(payload, options.migratedUntil) } : undefined);

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
      await rm(mediaDir, { recursive: true, force: true });
      restoreEnvironment();
    },
  };
}

/** The migrations `migrate()` runs (its folder, by name), up to but not including `name`. */
async function migrationsBefore(payload: Payload, name: string) {
  const { readMigrationFiles } = await import('payload');
  const all = await readMigrationFiles({ payload });
  const until = all.findIndex((m) => m.name === name);
  if (until < 0) throw new Error(`No migration named ${name}`);
  return all.slice(0, until);
}
