import { GRANTED_TIER } from '@app/shared/browser';
import { createApiHttpServer } from './lib/http-server.ts';
import { listenOnUnixSocket } from './lib/unix-socket-listener.ts';
import { createApp, type AppDeps } from './app.ts';
import { composeAreas } from './compose-areas.ts';
import { createSessionCache } from './domain/accounts/session-cache.ts';
import { createListCache } from './domain/public-lists/list-cache.ts';
import { cacheSignals } from './integrations/cache-signals.ts';
import { createSignals } from './integrations/signals.ts';
import { mediaStoreFromEnv } from './integrations/media/media-from-env.ts';
import { loadConfig } from './config.ts';
import { assertDatabaseReachable, createDb, migrateDb } from './db/client.ts';
import { prepareAssistant } from './domain/ai/assistant-index.ts';
import { DEMO_VECTORS_FILE, withVectorFiles } from './domain/ai/vector-file.ts';
import { sentenceEncoder } from './domain/ai/sentence-encoder.ts';
import { createSentenceVectorStore } from './domain/ai/sentence-vector-store.ts';
import { createContentReadModel } from './domain/content/content-read-model.ts';
import { createSnapshotStore } from './domain/content/snapshot-store.ts';
import { createDeploymentLog, deployPathLabels } from './domain/deploy/deployment-log.ts';
import { createRebuildScheduler } from './domain/deploy/rebuild-scheduler.ts';
import { createCmsContentSource } from './integrations/cms-content-source.ts';
import { createCmsWriter } from './integrations/cms-writer.ts';
import { createSystemProbes } from './integrations/system-probes.ts';
import { databaseHostsFromEnv } from './integrations/database-hosts.ts';
import { listenForContentChanges } from './integrations/content-change-listener.ts';
import { createBuildPublisher } from './integrations/published-builds.ts';
import { createLiveBuilds, createSiteBuilder } from './integrations/site-builder.ts';
import { createGitSource } from './integrations/git-source.ts';
import { createDeployLock } from './domain/deploy/deploy-lock.ts';
import { auditDeployment } from './domain/deploy/audit-deployment.ts';
import { processRestartChannel, restartAfterDeploy } from './domain/deploy/request-restart.ts';
import path from 'node:path';
import { createMailer } from './integrations/mailer.ts';
import { createLogger } from './lib/logging.ts';
import { createPayments } from './integrations/payments/create-payments.ts';
import { membershipJob } from './jobs/membership-job.ts';
import { newsletterJob, notificationDigestJob, notificationMailJob } from './jobs/notification-mail-job.ts';
import { startJobs } from './jobs/schedule-job.ts';
import { scheduledPublishingJob } from './jobs/scheduled-publishing-job.ts';
import { videoSyncJob } from './jobs/video-sync-job.ts';
import { createCmsVideoSink } from './integrations/youtube/cms-video-sink.ts';
import { createYouTubeClient } from './integrations/youtube/youtube-client.ts';
import { createDidClient } from './integrations/ai/did-client.ts';
import { createLocalPresenters } from './integrations/ai/local-presenters.ts';
import { DEMO_ACCOUNTS } from './domain/accounts/demo-accounts.ts';
import { ensureDemoSecondFactor } from './domain/second-factor/ensure-demo-second-factor.ts';
import { createSecretBox } from '@app/shared/second-factor-secrets';
import { ensureAccount } from './domain/accounts/ensure-accounts.ts';
import { usePasswordHashCost } from './domain/accounts/passwords.ts';
import { seedDemoCommunity } from './domain/demo/seed-demo-community.ts';
import { seedDemoMembership } from './domain/demo/seed-demo-membership.ts';
import { attachSocketHub } from './ws/socket-hub.ts';
import { takeHandedOverSockets } from './ws/socket-hand-off.ts';
import { socketChannels } from './ws/socket-channels.ts';
import { requestAddress } from './lib/request-address.ts';

/**
 * This instance's own address: a new build's health check reaches the API through the build's
 * preview server, and the instance running the check is the one certain to be up (with several
 * instances, another may be down or restarting).
 */
function ownAddress(config: { host: string; port: number }): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}

async function main() {
  const config = loadConfig();
  usePasswordHashCost(config.passwordHashCost);
  const logger = createLogger(config.logLevel);
  const db = createDb(config.databaseUrl);
  await assertDatabaseReachable(db, config.databaseUrl);
  await migrateDb(db);
  if (config.firstAdmin) {
    const outcome = await ensureAccount(db, { ...config.firstAdmin, admin: true, tier: GRANTED_TIER });
    if (outcome === 'created') logger.info({ username: config.firstAdmin.username }, 'created the first admin from ADMIN_USERNAME');
  }
  if (config.demoAccounts) {
    for (const account of DEMO_ACCOUNTS) await ensureAccount(db, account);
    // Demo staff sign in with the published demo second factor (issue 52; README "Demo accounts").
    for (const account of DEMO_ACCOUNTS.filter((a) => a.admin)) await ensureDemoSecondFactor(db, createSecretBox(config.internalSecret), account.username);
    if (await seedDemoCommunity(db)) logger.info('seeded the demo chat rooms and bulletin posts');
  }

  // The assistant's vectors of the site's texts: encoded once by any instance, read back by the others and by restarts.
  sentenceEncoder().keepIn(withVectorFiles(createSentenceVectorStore(db, logger), [DEMO_VECTORS_FILE]));
  // Each new content version is rebuilt into the static site from that same snapshot.
  const content = createContentReadModel({
    source: createCmsContentSource(config.cmsUrl, config.internalSecret),
    snapshots: createSnapshotStore(db),
    logger,
    onChange: (snapshot) => rebuilds.request(`content ${snapshot.version}`),
    // The assistant's indexes are built ahead of the first question (encoding the texts that changed takes seconds).
    onIndex: (index) => void prepareAssistant(index).catch((err: Error) => logger.warn({ err: err.message }, 'could not prepare the assistant')),
  });
  // SITE_BUILDS_S3_*: each build is published to the bucket for every site server on every host.
  const publisher = config.siteBuildsStorage ? createBuildPublisher({ storage: config.siteBuildsStorage, db }) : null;
  const builder = config.siteDir && config.siteBuildsDir
    ? createSiteBuilder({ siteDir: config.siteDir, buildsDir: config.siteBuildsDir, env: { ...process.env, API_URL: ownAddress(config) }, publisher })
    : null;
  const source = config.deploySource && config.siteDir && config.siteBuildsDir
    ? createGitSource({ ...config.deploySource, workDir: config.deploySource.workDir ?? path.join(config.siteBuildsDir, '..', 'deploy-source'), appRoot: path.resolve(config.siteDir, '..') })
    : null;
  const deploymentLog = createDeploymentLog(db, deployPathLabels({ builds: config.siteBuildsDir, source: source?.workDir, releases: source?.releasesDir }));
  const audit = auditDeployment(db);
  // A commit that changed the API's or the CMS's own code: the supervisor (if any) restarts them from it.
  const restart = restartAfterDeploy({ log: deploymentLog, channel: processRestartChannel(), release: async (commit) => (source ? source.release(commit) : path.resolve(process.cwd(), '..')) });
  const rebuilds = createRebuildScheduler({ builder, liveBuilds: publisher ?? (config.siteBuildsDir ? createLiveBuilds(config.siteBuildsDir) : null), snapshot: () => content.current().snapshot, log: deploymentLog, logger, debounceMs: config.rebuildDebounceMs, lock: createDeployLock(db), source, onFinished: async (d, status) => {
    await audit(d, status);
    await restart(d, status);
  } });
  await content.start();
  void rebuilds.prepare();
  // The instance's one LISTEN connection (DESIGN §7.28): content changes, cache signals and the
  // socket's channels subscribe to it here and below; it starts once they all have.
  const signals = createSignals({ databaseUrl: config.databaseUrl, logger });
  listenForContentChanges({
    signals,
    onChange: () => {
      rebuilds.changeSignalled();
      void content.refresh();
    },
  });
  const sessionCache = createSessionCache({ signals: cacheSignals(signals) });
  const listCache = createListCache({ signals: cacheSignals(signals) });

  // The sender's name follows the site's settings unless MAIL_FROM says otherwise.
  const noReply = `no-reply@${new URL(config.publicUrl).hostname}`;
  const mailer = createMailer({ db, logger, smtpUrl: config.smtpUrl, from: () => config.mailFrom ?? { name: content.current().settings.siteName, address: noReply } });
  const payments = createPayments(db, config.stripe);
  if (config.demoAccounts && (await seedDemoMembership({ db, mailer, logger, publicUrl: config.publicUrl, clock: () => new Date(), ...payments }, 'pro_member'))) {
    logger.info('the demo member pro_member paid for their membership through the demo provider');
  }
  const videoSync = {
    channel: config.youtube ? createYouTubeClient({ apiKey: config.youtube.apiKey, baseUrl: config.youtube.baseUrl }) : null,
    sink: createCmsVideoSink(config.cmsUrl, config.internalSecret),
    defaultChannel: config.youtubeChannel,
  };
  // The socket hub attaches to the server the app is built for; the System tab counts its sockets.
  let hub: ReturnType<typeof attachSocketHub> | null = null;
  const deps: AppDeps = {
    core: { logger, db, internalSecret: config.internalSecret, publicUrl: config.publicUrl, extraOrigins: config.extraOrigins, trustProxy: config.trustProxy },
    mail: { mailer },
    accounts: { registerLimits: config.registerLimits, sessionCache, media: mediaStoreFromEnv(process.env, config.publicUrl) },
    content: { readModel: content, cms: createCmsWriter(config.cmsUrl, config.internalSecret), videoSync },
    community: { listCache, openSockets: () => hub?.clients() ?? null },
    payments,
    ai: { presenters: config.did ? createDidClient(config.did) : createLocalPresenters() },
    ops: {
      rebuilds,
      cmsUrl: config.cmsUrl,
      githubWebhookSecret: config.githubWebhookSecret,
      systemProbes: createSystemProbes({ cmsUrl: config.cmsUrl, secret: config.internalSecret, siteDir: config.siteDir ?? null, databaseHosts: databaseHostsFromEnv(process.env) }),
      // Every scheduled job, from one list, on the round claim (DESIGN §7.25); started once the app is built.
      jobs: (areas) => [
        membershipJob(areas.payments, config.membershipCheckIntervalMs),
        videoSyncJob(areas.content.sync, config.videoSyncCheckIntervalMs),
        scheduledPublishingJob(areas.content, config.scheduledPublishingIntervalMs),
        notificationMailJob({ ...areas.accounts, internalSecret: config.internalSecret }, config.notificationMailIntervalMs),
        notificationDigestJob({ ...areas.accounts, internalSecret: config.internalSecret, clock: () => new Date() }, config.notificationDigestIntervalMs),
        newsletterJob({ ...areas.accounts, internalSecret: config.internalSecret, content: areas.content.content, mailsPerSecond: config.newsletterMailsPerSecond }, config.newsletterIntervalMs),
      ],
    },
  };
  const areas = composeAreas(deps);
  const app = createApp(deps, areas);
  const jobs = startJobs({ db, logger, clock: () => new Date() }, areas.ops.jobs);
  logger.info({ provider: payments.provider.name, youtube: videoSync.channel ? config.youtubeChannel ?? 'no default channel' : 'not configured' }, 'integrations');
  const server = createApiHttpServer(app);
  hub = attachSocketHub(server, {
    db,
    logger,
    cookies: { secure: config.publicUrl.startsWith('https:') },
    origins: [config.publicUrl, ...config.extraOrigins],
    clientAddress: requestAddress(app),
    sessionCache,
    channels: socketChannels({ db, logger, signals, isArticle: (id) => content.current().articles.has(id) }),
  });
  // npm start's front door hands chat sockets over through the supervisor instead of relaying them.
  if (process.send) takeHandedOverSockets(hub, logger);
  await signals.start();
  server.listen(config.port, config.host, () => logger.info({ port: config.port }, 'api listening'));
  // Closing it removes its file, so the next API (a restart) finds none.
  const socketServer = config.socketPath ? await listenOnUnixSocket(app, config.socketPath) : null;
  if (socketServer) logger.info({ socket: config.socketPath }, 'api listening on its unix socket');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'api shutting down');
    // The front door's feed of content generations ends (the door stops answering from what it kept).
    content.close();
    rebuilds.stop();
    builder?.close();
    jobs.stop();
    // The hub says goodbye first (other instances forget its readers), then the one LISTEN connection goes.
    void hub?.close().finally(() => signals.stop());
    // Each listener stops taking connections and finishes the requests it has.
    const listeners = socketServer ? [server, socketServer] : [server];
    // Then this instance's counted readings are written and its drain of comment notices ends (issue 53 #3), and the database goes.
    void Promise.all(listeners.map((s) => new Promise((closed) => s.close(closed))))
      .then(() => Promise.all([areas.content.views.close(), areas.community.notices.close()]))
      .then(() => db.$client.end().finally(() => process.exit(0)));
    for (const s of listeners) s.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(`api failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
