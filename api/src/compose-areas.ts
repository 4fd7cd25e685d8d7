// The composition root's inputs, grouped by area, and each area's dependencies built from them
// once: every router takes its area (app.ts mounts them). Tests replace an area's parts through
// AppDeps; nothing below builds a second copy of a shared part (one session reader, one deployment
// log, one list cache).
import path from 'node:path';
import { tmpdir } from 'node:os';
import { viewerOf } from '@app/shared/browser';
import type { Request } from 'express';
import type { Logger } from 'pino';
import type { TrustProxy } from './config.ts';
import type { Db } from './db/client.ts';
import { DEFAULT_REGISTER_LIMITS, type RegisterLimits } from './domain/accounts/register.ts';
import type { SessionCache } from './domain/accounts/session-cache.ts';
import { createSecretBox } from '@app/shared/second-factor-secrets';
import { DEFAULT_AI_LIMITS, type AiLimits } from './domain/ai/ai-deps.ts';
import { createCommentNotices, type CommentNotices } from './domain/comments/comment-notices.ts';
import type { ContentReadModel } from './domain/content/content-read-model.ts';
import { createDeploymentLog } from './domain/deploy/deployment-log.ts';
import type { RebuildScheduler } from './domain/deploy/rebuild-scheduler.ts';
import type { AvatarLimits } from './domain/profile/avatar-limits.ts';
import { createViewCounter, type ViewCounter } from './domain/reading/view-counter.ts';
import { uncachedLists, type ListCache } from './domain/public-lists/list-cache.ts';
import type { SettingsWriter } from './domain/settings/update-site-settings.ts';
import type { SystemProbes } from './domain/system/get-system-report.ts';
import type { VideoSyncDeps } from './domain/videos/sync-youtube-videos.ts';
import { createLocalPresenters } from './integrations/ai/local-presenters.ts';
import type { TalkingPresenters } from './domain/ports/talking-presenters.ts';
import { createLocalMediaStore } from './integrations/media/local-media-store.ts';
import type { MediaStore } from './domain/ports/media-store.ts';
import type { Mailer } from './domain/ports/mailer.ts';
import type { Payments } from './integrations/payments/create-payments.ts';
import type { ImageFetcher } from './domain/ports/image-fetcher.ts';
import type { Job } from './jobs/schedule-job.ts';
import { createRecentErrors, type RecentErrors } from './lib/recent-errors.ts';
import type { CmsWriter } from './routes/admin/articles.ts';
import { createSessionReader, userReader } from './routes/session-cookie.ts';

/** The inputs of every area but ops. */
type ServiceDeps = {
  /** What every area shares. */
  core: {
    logger: Logger;
    db: Db;
    internalSecret: string;
    /** The site's public origin, e.g. http://localhost:3000; https turns on Secure cookies. */
    publicUrl: string;
    /** Further origins allowed to make state-changing calls (besides publicUrl). */
    extraOrigins?: string[];
    /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY); default: loopback only. */
    trustProxy?: TrustProxy;
  };
  mail: { mailer: Mailer };
  accounts: {
    registerLimits?: RegisterLimits;
    /** Live sessions in memory, dropped through LISTEN/NOTIFY (domain/accounts/session-cache.ts); unset: every request reads the database. */
    sessionCache?: SessionCache;
    /** Uploaded media (avatars): local disk or S3-compatible storage (DESIGN §5); unset: a folder under the system's temporary one (tests). */
    media?: MediaStore;
    /** Avatar uploads per member, per address and resizes per instance (domain/profile/avatar-limits.ts); unset: the defaults. */
    avatarLimits?: AvatarLimits;
    /** How a typed avatar address is fetched; unset: the SSRF-safe public fetcher (tests serve "public" pictures from 127.0.0.1). */
    fetchAvatar?: ImageFetcher;
  };
  content: {
    readModel: ContentReadModel;
    cms: CmsWriter & SettingsWriter;
    /** The channel sync's parts (the YouTube client, or null when not configured; the CMS sink). */
    videoSync: Omit<VideoSyncDeps, 'db' | 'logger' | 'refreshContent'>;
    /** This instance's view counter (domain/reading/view-counter.ts); unset: one flushing every second. server.ts closes it on shutdown. */
    views?: ViewCounter;
  };
  community: {
    /** The community's lists in memory, forgotten on any change through LISTEN/NOTIFY; unset: computed per request. */
    listCache?: ListCache;
    /** This instance's open chat sockets (the chat server attaches after the app is built). */
    openSockets?: () => number | null;
    /** This instance's drain of comment notices (domain/comments/comment-notices.ts); unset: one of its own. server.ts closes it on shutdown. */
    notices?: CommentNotices;
  };
  /** The payment provider: Stripe when configured, else the demo provider (DESIGN §5). */
  payments: Payments & {
    /** Now, for membership periods (tests move it). */
    clock?: () => Date;
  };
  ai: {
    /** The AI assistant's presenters: D-ID when configured, else the offline ones (DESIGN §5). */
    presenters?: TalkingPresenters;
    limits?: AiLimits;
  };
};

export type AppDeps = ServiceDeps & {
  ops: {
    rebuilds: RebuildScheduler;
    /** The CMS's private address, checked by GET /api/ready (unset: not checked). */
    cmsUrl?: string;
    /** This instance's newest 5xx answers, for the System tab. */
    recentErrors?: RecentErrors;
    /** GITHUB_WEBHOOK_SECRET; unset: the webhook answers that it is not configured. */
    githubWebhookSecret?: string | null;
    /** The System tab's questions to the CMS, the site's Astro and the repository (unset: not asked). */
    systemProbes?: SystemProbes;
    /** The scheduled jobs, built from the other areas: server.ts runs them and the System tab lists them (tests: none). */
    jobs?: (areas: ServiceAreas) => readonly Job[];
  };
};

const NO_PROBES: SystemProbes = { cms: async () => null, astroVersion: async () => null, appCommit: async () => null };

/** Each area's dependencies, built once: what its routers (and the app's middleware) take. */
export type Areas = ReturnType<typeof composeAreas>;
/** The areas a scheduled job may be built from: all but ops, which lists the jobs. */
export type ServiceAreas = ReturnType<typeof composeServiceAreas>;

export function composeAreas(deps: AppDeps) {
  const areas = composeServiceAreas(deps);
  const { db, publicUrl, internalSecret } = deps.core;
  const ops = {
    db,
    content: deps.content.readModel,
    rebuilds: deps.ops.rebuilds,
    deployments: createDeploymentLog(db),
    webhookSecret: deps.ops.githubWebhookSecret ?? null,
    publicUrl,
    secret: internalSecret,
    cms: deps.ops.cmsUrl ? { url: deps.ops.cmsUrl, secret: internalSecret } : null,
    recentErrors: deps.ops.recentErrors ?? createRecentErrors(),
    openSockets: deps.community.openSockets ?? (() => null),
    probes: deps.ops.systemProbes ?? NO_PROBES,
    jobs: deps.ops.jobs?.(areas) ?? [],
    readUser: areas.accounts.readUser,
    // The CMS's review requests tell its editors (domain/notifications/notify-review-requested.ts).
    reviews: { db, mailer: deps.mail.mailer, logger: deps.core.logger, publicUrl, siteName: areas.accounts.siteName },
  };
  return { ...areas, ops };
}

function composeServiceAreas(deps: ServiceDeps) {
  const { logger, db, publicUrl } = deps.core;
  const { mailer } = deps.mail;
  const readModel = deps.content.readModel;
  const cookies = { secure: publicUrl.startsWith('https:') };
  const session = createSessionReader(db, cookies, deps.accounts.sessionCache);
  const readUser = userReader(session);
  const readViewer = async (req: Request) => viewerOf(await readUser(req));
  const siteName = () => readModel.current().settings.siteName;
  // A write on this instance is seen by its next read here at once; other instances hear of it through NOTIFY.
  const lists = deps.community.listCache ?? uncachedLists;
  const mail = { db, mailer, logger, publicUrl, siteName };

  const { clock, ...providers } = deps.payments;
  const payments = { ...mail, clock: clock ?? (() => new Date()), ...providers, readUser };
  const accounts = {
    ...mail,
    cookies,
    session,
    readUser,
    registerLimits: deps.accounts.registerLimits ?? DEFAULT_REGISTER_LIMITS,
    secrets: createSecretBox(deps.core.internalSecret),
    media: deps.accounts.media ?? createLocalMediaStore({ dir: path.join(tmpdir(), 'better-self-media'), publicUrl }),
    avatarLimits: deps.accounts.avatarLimits,
    fetchAvatar: deps.accounts.fetchAvatar,
    membership: payments,
  };
  const content = {
    db,
    content: readModel,
    cms: deps.content.cms,
    // Preview links are signed with a key derived from the internal secret (preview-token.ts).
    preview: { secret: deps.core.internalSecret, publicUrl },
    readUser,
    readViewer,
    lists,
    views: deps.content.views ?? createViewCounter({ db, logger }),
    sync: { db, ...deps.content.videoSync, settingsChannel: () => readModel.current().settings.youtubeChannelHandle, logger, refreshContent: () => readModel.refresh() },
  };
  const community = { db, content: readModel, readUser, lists, notices: deps.community.notices ?? createCommentNotices({ db, content: readModel, logger }) };
  const store = { ...mail, content: readModel, readUser };
  const ai = { db, logger, content: readModel, presenters: deps.ai.presenters ?? createLocalPresenters(), limits: deps.ai.limits ?? DEFAULT_AI_LIMITS, readUser, cookies };
  return { session, accounts, content, community, store, payments, ai };
}
