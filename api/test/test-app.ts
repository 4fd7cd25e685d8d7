import { createServer } from 'node:http';
import { createApiHttpServer } from '../src/lib/http-server.ts';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createApp, type AppDeps } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { createContentReadModel, type ContentSource } from '../src/domain/content/content-read-model.ts';
import { createSnapshotStore } from '../src/domain/content/snapshot-store.ts';
import { createMailer } from '../src/integrations/mailer.ts';
import { createPayments } from '../src/integrations/payments/create-payments.ts';
import { createCmsWriter } from '../src/integrations/cms-writer.ts';
import { createCmsVideoSink } from '../src/integrations/youtube/cms-video-sink.ts';
import { createDeploymentLog } from '../src/domain/deploy/deployment-log.ts';
import { createRebuildScheduler, type LiveBuilds, type SiteBuilder } from '../src/domain/deploy/rebuild-scheduler.ts';
import { createDeployLock } from '../src/domain/deploy/deploy-lock.ts';
import { auditDeployment } from '../src/domain/deploy/audit-deployment.ts';
import { restartAfterDeploy, type RestartChannel } from '../src/domain/deploy/request-restart.ts';
import type { GitSource } from '../src/domain/ports/git-source.ts';
import { createSignals } from '../src/integrations/signals.ts';
import { cacheSignals } from '../src/integrations/cache-signals.ts';
import { createSessionCache } from '../src/domain/accounts/session-cache.ts';
import type { PresenceTiming } from '../src/domain/presence/article-presence.ts';
import { attachSocketHub } from '../src/ws/socket-hub.ts';
import { socketChannels } from '../src/ws/socket-channels.ts';

export const TEST_SECRET = 'test-internal-secret-0123456789';
export const TEST_ORIGIN = 'http://localhost:3000';
export const silentLogger = pino({ level: 'silent' });
/** Test files register many members from one address; the limit itself has its own test. */
const ROOMY_LIMITS = { perAddressPerHour: 10_000, perDomainPerTenMinutes: 10_000 };

/** Parts of some areas replaced (the rest of each area stays the test default). */
export type AppOverrides = { [Area in keyof AppDeps]?: Partial<AppDeps[Area]> };

/** The real app on a random port, wired to a real database and the given content source; with `databaseUrl` the socket hub too, on its one LISTEN connection. */
export async function startTestApp(opts: { db: Db; source: ContentSource; cmsUrl?: string; builder?: SiteBuilder | null; liveBuilds?: LiveBuilds; deploySource?: GitSource; restartChannel?: RestartChannel; overrides?: AppOverrides; databaseUrl?: string; heartbeatMs?: number; presenceTiming?: Partial<PresenceTiming> }) {
  const content = createContentReadModel({ source: opts.source, snapshots: createSnapshotStore(opts.db), logger: silentLogger, onChange: (s) => rebuilds.request(`content ${s.version}`) });
  const deploymentLog = createDeploymentLog(opts.db);
  const restart = restartAfterDeploy({ log: deploymentLog, channel: opts.restartChannel ?? null, release: async (commit) => (opts.deploySource ? opts.deploySource.release(commit) : 'app-root') });
  const rebuilds = createRebuildScheduler({ builder: opts.builder ?? null, liveBuilds: opts.liveBuilds ?? null, snapshot: () => content.current().snapshot, log: deploymentLog, logger: silentLogger, debounceMs: 20, lock: createDeployLock(opts.db), source: opts.deploySource ?? null, onFinished: async (d, status) => {
    await auditDeployment(opts.db)(d, status);
    await restart(d, status);
  } });
  await content.start();
  const mailer = createMailer({ db: opts.db, logger: silentLogger, from: 'test@example.com' });
  const cmsUrl = opts.cmsUrl ?? 'http://127.0.0.1:9';
  const deps: AppDeps = {
    core: { logger: silentLogger, db: opts.db, internalSecret: TEST_SECRET, publicUrl: TEST_ORIGIN },
    mail: { mailer },
    accounts: { registerLimits: ROOMY_LIMITS },
    content: { readModel: content, cms: createCmsWriter(cmsUrl, TEST_SECRET), videoSync: { channel: null, sink: createCmsVideoSink(cmsUrl, TEST_SECRET), defaultChannel: null } },
    community: {},
    payments: createPayments(opts.db, null),
    ai: {},
    ops: { rebuilds },
  };
  const o = opts.overrides ?? {};
  const app = createApp({
    core: { ...deps.core, ...o.core },
    mail: { ...deps.mail, ...o.mail },
    accounts: { ...deps.accounts, ...o.accounts },
    content: { ...deps.content, ...o.content },
    community: { ...deps.community, ...o.community },
    payments: { ...deps.payments, ...o.payments },
    ai: { ...deps.ai, ...o.ai },
    ops: { ...deps.ops, ...o.ops },
  });
  // The product's server settings: a client's idle kept-alive connection is never closed under it
  // (Node's default 5 s raced undici's reuse of it on a loaded machine: ECONNRESET, issue 53 #6).
  const server = createApiHttpServer(app);
  const signals = opts.databaseUrl ? createSignals({ databaseUrl: opts.databaseUrl, logger: silentLogger }) : null;
  const isArticle = (id: number) => content.current().articles.has(id);
  // The hub reads sessions through a cache as the product's does (HTTP here reads them afresh unless a test gives it one).
  const sessionCache = signals ? createSessionCache({ signals: cacheSignals(signals) }) : null;
  const hub = signals ? attachSocketHub(server, { db: opts.db, logger: silentLogger, cookies: { secure: false }, origins: [TEST_ORIGIN], heartbeatMs: opts.heartbeatMs, sessionCache, channels: socketChannels({ db: opts.db, logger: silentLogger, signals, isArticle, presenceTiming: opts.presenceTiming }) }) : null;
  await signals?.start();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    /** The Express app itself (the fuzzer reads its routes). */
    app,
    content,
    rebuilds,
    fetch: (path: string, init?: RequestInit) => fetch(base + path, init),
    wsUrl: base.replace('http', 'ws') + '/ws',
    hub,
    async close() {
      await hub?.close();
      await signals?.stop();
      rebuilds.stop();
      await rebuilds.idle();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/**
 * Another instance's socket hub on the same database, with its own settings (limits, the client's
 * address, heartbeats) and its own LISTEN connection; no HTTP app behind it. Answers its socket's
 * address and `close`.
 */
export async function startSocketHub(opts: { db: Db; databaseUrl: string; isArticle?: (id: number) => boolean } & Partial<Omit<Parameters<typeof attachSocketHub>[1], 'db' | 'channels'>>) {
  const { db, databaseUrl, isArticle = () => false, ...settings } = opts;
  const server = createServer((_req, res) => res.writeHead(404).end());
  const signals = createSignals({ databaseUrl, logger: silentLogger });
  const hub = attachSocketHub(server, { db, logger: silentLogger, cookies: { secure: false }, origins: [TEST_ORIGIN], sessionCache: createSessionCache({ signals: cacheSignals(signals) }), ...settings, channels: socketChannels({ db, logger: silentLogger, signals, isArticle }) });
  await signals.start();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    wsUrl: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`,
    hub,
    async close() {
      await hub.close();
      await signals.stop();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
