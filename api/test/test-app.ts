import { createServer } from 'node:http';
import { answerClientErrorsAsJson } from '../src/lib/client-errors.ts';
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
import { attachChatServer } from '../src/ws/chat-server.ts';

export const TEST_SECRET = 'test-internal-secret-0123456789';
export const TEST_ORIGIN = 'http://localhost:3000';
export const silentLogger = pino({ level: 'silent' });
/** Test files register many members from one address; the limit itself has its own test. */
const ROOMY_LIMITS = { perAddressPerHour: 10_000, perDomainPerTenMinutes: 10_000 };

/** Parts of some areas replaced (the rest of each area stays the test default). */
export type AppOverrides = { [Area in keyof AppDeps]?: Partial<AppDeps[Area]> };

/** The real app on a random port, wired to a real database and the given content source; with `databaseUrl` the chat socket too. */
export async function startTestApp(opts: { db: Db; source: ContentSource; cmsUrl?: string; builder?: SiteBuilder | null; liveBuilds?: LiveBuilds; deploySource?: GitSource; restartChannel?: RestartChannel; overrides?: AppOverrides; databaseUrl?: string; heartbeatMs?: number }) {
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
  const server = createServer(app);
  answerClientErrorsAsJson(server);
  const chat = opts.databaseUrl ? attachChatServer(server, { db: opts.db, databaseUrl: opts.databaseUrl, logger: silentLogger, cookies: { secure: false }, origins: [TEST_ORIGIN], heartbeatMs: opts.heartbeatMs }) : null;
  await chat?.ready;
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
    chat,
    async close() {
      await chat?.close();
      rebuilds.stop();
      await rebuilds.idle();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
