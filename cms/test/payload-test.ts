import { mkdtemp } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFreshDatabase } from '@app/test-support/fresh-database';
import type { Payload } from 'payload';

export const TEST_SECRET = 'cms-test-internal-secret-0123456789';
/** Where our services reach the CMS (the service secret is accepted only there). */
export const PRIVATE_CMS_URL = 'http://127.0.0.1:3902';

export type Signal = { body: Record<string, unknown>; secret: string | undefined };

/**
 * A real Payload on a fresh database, with a local HTTP server standing in for the API so the
 * change signal can be observed. Environment is set before the config is imported (it reads env).
 */
export async function startPayload() {
  const fresh = await createFreshDatabase();
  const signals: Signal[] = [];
  const api = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      signals.push({ body: JSON.parse(body || '{}'), secret: req.headers['x-internal-secret'] as string | undefined });
      res.writeHead(202, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));

  Object.assign(process.env, {
    DATABASE_URL: fresh.url,
    PAYLOAD_SECRET: 'cms-test-payload-secret',
    INTERNAL_SECRET: TEST_SECRET,
    MEDIA_DIR: await mkdtemp(path.join(tmpdir(), 'cms-media-')),
    API_URL: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
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
      await new Promise<void>((r) => api.close(() => r()));
      await fresh.drop();
    },
  };
}
