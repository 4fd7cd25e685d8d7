import { tmpdir } from 'node:os';
import path from 'node:path';
import { viewerOf } from '@app/shared/browser';
import { apiSecurityHeaders } from '@app/shared/security-headers';
import express from 'express';
import type { Logger } from 'pino';
import type { TrustProxy } from './config.ts';
import type { Db } from './db/client.ts';
import { DEFAULT_REGISTER_LIMITS, type RegisterLimits } from './domain/accounts/register.ts';
import type { SessionCache } from './domain/accounts/session-cache.ts';
import { uncachedLists, type ListCache } from './domain/public-lists/list-cache.ts';
import type { ContentReadModel } from './domain/content/content-read-model.ts';
import type { RebuildScheduler } from './domain/deploy/rebuild-scheduler.ts';
import type { Mailer } from './integrations/mailer.ts';
import type { Payments } from './integrations/payments/create-payments.ts';
import { createRecentErrors, type RecentErrors } from './lib/recent-errors.ts';
import { requestLogging } from './lib/request-logging.ts';
import { routeIndex, type Mount } from './routes/route-index.ts';
import { healthRoutes } from './routes/health.ts';
import { auditRoutes } from './routes/audit.ts';
import { deployRoutes, githubWebhookRoute } from './routes/deploy.ts';
import { settingsRoutes } from './routes/settings.ts';
import { systemRoutes } from './routes/system.ts';
import type { SettingsWriter } from './domain/settings/update-site-settings.ts';
import type { SystemProbes } from './domain/system/get-system-report.ts';
import { createDeploymentLog } from './domain/deploy/deployment-log.ts';
import { membershipRoutes, stripeWebhookRoute } from './routes/membership.ts';
import { orderRoutes } from './routes/orders.ts';
import { accountRoutes } from './routes/accounts.ts';
import { adminArticleRoutes, type CmsWriter } from './routes/admin-articles.ts';
import { adminUserRoutes } from './routes/admin-users.ts';
import { commentRoutes } from './routes/comments.ts';
import { communityRoutes } from './routes/community.ts';
import { contentRoutes } from './routes/content.ts';
import { videoRoutes } from './routes/videos.ts';
import { gameRoutes } from './routes/games.ts';
import { studyRoutes } from './routes/studies.ts';
import { backyardRoutes } from './routes/backyard.ts';
import { aiRoutes } from './routes/ai.ts';
import { profileRoutes } from './routes/profile.ts';
import type { MediaStore } from './integrations/media/media-store.ts';
import { createLocalMediaStore } from './integrations/media/local-media-store.ts';
import type { ImageFetcher } from './integrations/public-image-fetcher.ts';
import type { AvatarLimits } from './domain/profile/avatar-limits.ts';
import { DEFAULT_AI_LIMITS, type AiLimits } from './domain/ai/ai-deps.ts';
import { createLocalPresenters } from './integrations/ai/local-presenters.ts';
import type { TalkingPresenters } from './integrations/ai/talking-presenters.ts';
import type { VideoSyncDeps } from './domain/videos/sync-youtube-videos.ts';
import { errorHandler, notFound } from './routes/error-handler.ts';
import { internalRoutes } from './routes/internal.ts';
import { loginRequired } from './routes/login-required.ts';
import { originCheck } from './routes/origin-check.ts';
import { refuseNul } from './routes/refuse-nul.ts';
import { createSessionReader, userReader } from './routes/session-cookie.ts';

export type AppDeps = {
  logger: Logger;
  db: Db;
  mailer: Mailer;
  internalSecret: string;
  /** The site's public origin, e.g. http://localhost:3000; https turns on Secure cookies. */
  publicUrl: string;
  /** Further origins allowed to make state-changing calls (besides publicUrl). */
  extraOrigins?: string[];
  content: ContentReadModel;
  rebuilds: RebuildScheduler;
  cms: CmsWriter & SettingsWriter;
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY); default: loopback only. */
  trustProxy?: TrustProxy;
  registerLimits?: RegisterLimits;
  /** The payment provider: Stripe when configured, else the demo provider (DESIGN §5). */
  payments: Payments;
  /** Now, for membership periods (tests move it). */
  clock?: () => Date;
  /** The channel sync's parts (the YouTube client, or null when not configured; the CMS sink). */
  videoSync: Omit<VideoSyncDeps, 'db' | 'logger' | 'refreshContent'>;
  /** The AI assistant's presenters: D-ID when configured, else the offline ones (DESIGN §5). */
  presenters?: TalkingPresenters;
  aiLimits?: AiLimits;
  /** The CMS's private address, checked by GET /api/ready (unset: not checked). */
  cmsUrl?: string;
  /** This instance's newest 5xx answers, for the System tab. */
  recentErrors?: RecentErrors;
  /** GITHUB_WEBHOOK_SECRET; unset: the webhook answers that it is not configured. */
  githubWebhookSecret?: string | null;
  /** The System tab's questions to the CMS, the site's Astro and the repository (unset: not asked). */
  systemProbes?: SystemProbes;
  /** The scheduled jobs server.ts runs, for the System tab (tests: none). */
  jobs?: readonly { name: string; every: number }[];
  /** This instance's open chat sockets (the chat server attaches after the app is built). */
  openSockets?: () => number | null;
  /** Live sessions in memory, dropped through LISTEN/NOTIFY (domain/accounts/session-cache.ts); unset: every request reads the database. */
  sessionCache?: SessionCache;
  /** The community's lists in memory, forgotten on any change through LISTEN/NOTIFY; unset: computed per request. */
  listCache?: ListCache;
  /** Uploaded media (avatars): local disk or S3-compatible storage (DESIGN §5); unset: a folder under the system's temporary one (tests). */
  media?: MediaStore;
  /** Avatar uploads per member, per address and resizes per instance (domain/profile/avatar-limits.ts); unset: the defaults. */
  avatarLimits?: AvatarLimits;
  /** How a typed avatar address is fetched; unset: the SSRF-safe public fetcher (tests serve "public" pictures from 127.0.0.1). */
  fetchAvatar?: ImageFetcher;
};

const NO_PROBES: SystemProbes = { cms: async () => null, astroVersion: async () => null, appCommit: async () => null };


/** Builds the HTTP app without listening; tests and server.ts both use this. */
export function createApp(deps: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', deps.trustProxy ?? 'loopback');
  // Every answer's security headers, set in one go (the front door relays them as they are).
  const securityHeaders = Object.entries(apiSecurityHeaders({ https: deps.publicUrl.startsWith('https:') }));
  app.use((_req, res, next) => {
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    next();
  });
  app.use(requestLogging(app, deps.logger));

  const recentErrors = deps.recentErrors ?? createRecentErrors();
  app.use((req, res, next) => {
    res.on('finish', () => {
      if (res.statusCode >= 500) recentErrors.add({ at: new Date().toISOString(), requestId: String(req.id), method: req.method, path: req.path, status: res.statusCode, message: String(res.locals.errorMessage ?? '') });
    });
    next();
  });

  const cookies = { secure: deps.publicUrl.startsWith('https:') };
  const session = createSessionReader(deps.db, cookies, deps.sessionCache);
  const readUser = userReader(session);
  const readViewer = async (req: express.Request) => viewerOf(await readUser(req));
  const accountDeps = { db: deps.db, mailer: deps.mailer, logger: deps.logger, publicUrl: deps.publicUrl, siteName: () => deps.content.current().settings.siteName };

  const deployments = createDeploymentLog(deps.db);

  // Service-to-service calls come first: they carry the internal secret, not a browser origin.
  app.use('/api/internal', express.json({ limit: '100kb' }), refuseNul, internalRoutes({ secret: deps.internalSecret, db: deps.db, content: deps.content, rebuilds: deps.rebuilds, readUser, deployments }));

  const membership = { db: deps.db, mailer: deps.mailer, logger: deps.logger, publicUrl: deps.publicUrl, clock: deps.clock ?? (() => new Date()), siteName: () => deps.content.current().settings.siteName, ...deps.payments, readUser };
  // Stripe signs the raw body: the webhook is read before any JSON parsing (and has no browser Origin).
  app.use('/api/webhooks/stripe', stripeWebhookRoute(membership));
  const deploy = { db: deps.db, rebuilds: deps.rebuilds, deployments, webhookSecret: deps.githubWebhookSecret ?? null, publicUrl: deps.publicUrl };
  app.use('/api/webhooks/github', githubWebhookRoute(deploy));

  const api = express.Router();
  api.use(originCheck([deps.publicUrl, ...(deps.extraOrigins ?? [])]));
  // A write on this instance is seen by its next read here at once; other instances hear of it through NOTIFY.
  const lists = deps.listCache ?? uncachedLists;
  // Every /api router; each route says who may call it (routes/access.ts). Looked up by the path's
  // first segment (routes/route-index.ts), in this order within each.
  const mounts: Mount[] = [
    healthRoutes({ db: deps.db, content: deps.content, cms: deps.cmsUrl ? { url: deps.cmsUrl, secret: deps.internalSecret } : null }),
    accountRoutes({ ...accountDeps, cookies, session, registerLimits: deps.registerLimits ?? DEFAULT_REGISTER_LIMITS }),
    ['/admin', adminUserRoutes({ db: deps.db, readUser })],
    ['/admin', adminArticleRoutes({ db: deps.db, readUser, cms: deps.cms })],
    ['/admin', auditRoutes({ db: deps.db, readUser })],
    deployRoutes({ ...deploy, readUser }),
    settingsRoutes({ db: deps.db, content: deps.content, cms: deps.cms, readUser }),
    ['/admin', systemRoutes({ db: deps.db, content: deps.content, deployments: deploy.deployments, recentErrors, openSockets: deps.openSockets ?? (() => null), probes: deps.systemProbes ?? NO_PROBES, jobs: deps.jobs ?? [], readUser })],
    membershipRoutes(membership),
    orderRoutes({ db: deps.db, mailer: deps.mailer, logger: deps.logger, publicUrl: deps.publicUrl, content: deps.content, readUser }),
    commentRoutes({ db: deps.db, content: deps.content, readUser }),
    communityRoutes({ db: deps.db, readUser, lists }),
    videoRoutes({ db: deps.db, content: deps.content, readUser, readViewer, lists, sync: { ...deps.videoSync, settingsChannel: () => deps.content.current().settings.youtubeChannelHandle, logger: deps.logger, refreshContent: () => deps.content.refresh() } }),
    contentRoutes({ db: deps.db, content: deps.content, readViewer }),
    gameRoutes({ db: deps.db, content: deps.content, readUser }),
    studyRoutes({ content: deps.content, readViewer }),
    backyardRoutes({ content: deps.content, readUser }),
    profileRoutes({ ...accountDeps, media: deps.media ?? createLocalMediaStore({ dir: path.join(tmpdir(), 'better-self-media'), publicUrl: deps.publicUrl }), membership, session, cookies, avatarLimits: deps.avatarLimits, fetchAvatar: deps.fetchAvatar }),
    aiRoutes({ db: deps.db, logger: deps.logger, content: deps.content, presenters: deps.presenters ?? createLocalPresenters(), limits: deps.aiLimits ?? DEFAULT_AI_LIMITS, readUser, cookies }),
  ];
  const signInGate = loginRequired(session, mounts);
  // The routes that need a session, as their declarations say (the tests read them here).
  app.locals.signInRules = signInGate.rules;
  api.use(signInGate);
  api.use(express.json({ limit: '100kb' }));
  api.use(refuseNul);
  api.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') res.once('finish', lists.clear);
    next();
  });
  api.use(routeIndex(mounts));
  api.use(notFound);

  app.use('/api', api);
  app.use(notFound);
  app.use(errorHandler);
  return app;
}
