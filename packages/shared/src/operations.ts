// Admin operations (issue 23): deployments, the GitHub webhook, site settings, the system view and
// the audit log — the shapes the API answers and the dashboard's tabs read. Browser-safe.
import type { NewsletterSegment } from './notifications.ts';

/** Every action the audit log records, with the label the Audit Log tab shows. */
export const AUDIT_ACTIONS = {
  'user.status_changed': 'Account status changed',
  'user.role_changed': 'Role changed',
  'user.vip_granted': 'VIP granted',
  'user.vip_revoked': 'VIP taken back',
  'user.reports_ignored': 'Reports no longer counted',
  'user.reports_counted': 'Reports counted again',
  'content.hidden': 'Content hidden',
  'content.shown': 'Content approved',
  'content.deleted': 'Content deleted',
  'report.dismissed': 'Report dismissed',
  'room.moderated': 'Room moderation changed',
  'room.archived': 'Room archived',
  'room.restored': 'Room restored',
  'order.status_changed': 'Order status changed',
  'videos.synced': 'Videos synced',
  'site.deployed': 'Deployment',
  'site.rolled_back': 'Deployment rolled back',
  'settings.changed': 'Settings changed',
  'articles.imported': 'Articles imported',
  'article.deleted': 'Article deleted',
  'audit.exported': 'Audit log exported',
  'members.exported': 'Members exported',
  'orders.exported': 'Orders exported',
  'content.exported': 'Content exported',
  'newsletter.sent': 'Newsletter sent',
  'newsletter.test_sent': 'Newsletter test sent',
  'article.preview_links_revoked': 'Preview links withdrawn',
  'user.second_factor_reset': 'Second factor reset',
  'cms_user.second_factor_reset': 'CMS user’s authenticator reset',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

type ContentRef = { type: string; contentId: number };
type RoomRef = { roomId: number; room: string };

/** What each action records beside who, whom and when: one shape per action, written and read as this. */
export type AuditDetails = {
  'user.status_changed': { from: string; to: string; reason: string | null; notes: string | null };
  'user.role_changed': { from: string; to: string };
  'user.vip_granted': { from: string };
  'user.vip_revoked': { from: string };
  'user.reports_ignored': Record<string, never>;
  'user.reports_counted': Record<string, never>;
  'content.hidden': ContentRef & { reason: string | null; notes: string | null };
  'content.shown': ContentRef & { reason: string | null; notes: string | null };
  'content.deleted': ContentRef & { title?: string };
  'report.dismissed': ContentRef & { reportId: number };
  'room.moderated': RoomRef & { isModerated?: boolean; isMuted?: boolean; moderationNotes?: string | null };
  'room.archived': RoomRef;
  'room.restored': RoomRef;
  'order.status_changed': { orderId: number; from: string; to: string; note: string | null };
  'videos.synced': { syncId: number; channel: string; fetched?: number; added?: number; updated?: number; error?: string };
  'site.deployed': { deploymentId: number; via: string; status: string; commit: string | null };
  'site.rolled_back': { deploymentId: number; from: number | null; to: number; status: string; commit: string | null };
  'settings.changed': { changed: Record<string, { from: unknown; to: unknown }> };
  'articles.imported': { file: string; imported: number; skipped: number };
  'article.deleted': { articleId: number };
  'audit.exported': { filter: { actor: string | null; action: string | null; before: string | number | null } };
  'members.exported': Record<string, never>;
  'orders.exported': Record<string, never>;
  'content.exported': Record<string, never>;
  'newsletter.sent': { articleId: number; title: string; segment: NewsletterSegment };
  'newsletter.test_sent': { articleId: number; title: string; segment: NewsletterSegment };
  'article.preview_links_revoked': { articleId: number };
  'user.second_factor_reset': { passkeys: number; authenticator: boolean };
  /** The CMS user whose authenticator was reset, and the CMS admin who did it when they are no site user (the entry's actor otherwise). */
  'cms_user.second_factor_reset': { targetEmail: string; actorEmail: string | null };
};

export type PersonRef = { id: number; username: string };
/** One entry of the log, its details typed by its action. */
export type AuditEntry = { [A in AuditAction]: { id: number; at: string; actor: PersonRef | null; action: A; target: PersonRef | null; details: AuditDetails[A] } }[AuditAction];
export type AuditEntryOf<A extends AuditAction> = Extract<AuditEntry, { action: A }>;
/** GET /api/admin/audit: newest first; `nextBefore` is the `before` of the next page (null at the end). */
export type AuditPage = { entries: AuditEntry[]; nextBefore: number | null };

export const DEPLOYMENT_KINDS = { admin: 'Admin', webhook: 'GitHub webhook', content: 'Content change', start: 'Start', rollback: 'Rollback' } as const;
export type DeploymentKind = keyof typeof DEPLOYMENT_KINDS;
export type DeploymentStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'rolled_back';
/** The timed steps of a deployment, in the order they run (a rollback only switches and moves the working copy). */
export const DEPLOY_STEPS = ['git fetch', 'dependencies', 'content snapshot', 'site build', 'health check', 'switch', 'working copy'] as const;
export type DeployStep = (typeof DEPLOY_STEPS)[number];
export type StepTime = { step: DeployStep; ms: number };
export type Deployment = {
  id: number;
  kind: DeploymentKind;
  trigger: string;
  actor: PersonRef | null;
  commit: string | null;
  contentVersion: string | null;
  status: DeploymentStatus;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  /** How long each step took, in the order they ran. */
  steps: StepTime[];
  /** A rollback: the deployment whose build it made live again (`to`) and the one live before (`from`). */
  rollback: { from: number | null; to: number } | null;
  /** Services whose own code changed with this commit ('api', 'cms'): they need a restart. */
  restartNeeded: string[];
  /** The supervisor's rolling restart of those services (null: none needed). */
  restart: { status: RestartStatus; log: string } | null;
};
/** requested → restarting → restarted | failed; not_supervised: no supervisor runs these services (compose: restart them yourself). */
export type RestartStatus = 'requested' | 'restarting' | 'restarted' | 'failed' | 'not_supervised';
export type DeploymentDetail = Deployment & { log: string };
export type WebhookDelivery = { at: string; event: string; ref: string | null; result: string };
/** GET /api/admin/deployments: the source, the live commit, the webhook's state and the history. */
export type DeploymentOverview = {
  repository: string | null;
  branch: string | null;
  liveCommit: string | null;
  running: Deployment | null;
  webhook: { configured: boolean; url: string; lastDelivery: WebhookDelivery | null };
  deployments: Deployment[];
  /** The earlier successful deployments whose build is still kept: each can be made live again (Roll back). */
  rollbackTargets: number[];
};
/** POST /api/deploy (202): the deployment started, or the one already running that this request joined. */
export type DeployStarted = { deployment: Deployment; joined: boolean; message: string };

/** "site build 31.2 s · health check 2.0 s" (the log's summary and the tab's line). */
export function formatStepTimes(steps: StepTime[]): string {
  return steps.map((s) => `${s.step} ${(s.ms / 1000).toFixed(1)} s`).join(' · ');
}

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'x', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
/** The site's settings (a CMS global): every page, mail and title reads them from the content snapshot. */
export type SiteSettings = {
  siteName: string;
  tagline: string;
  authorName: string;
  contactEmail: string;
  socialLinks: Record<SocialNetwork, string>;
  youtubeChannelHandle: string;
  adsEnabled: boolean;
  maintenanceBanner: { enabled: boolean; text: string };
  /** The policies' "Last Updated" date, YYYY-MM-DD. */
  policiesLastUpdated: string;
};

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  siteName: 'Better Self',
  tagline: 'Small steps, every day',
  authorName: 'Better Self Studio',
  contactEmail: 'hello@betterself.example',
  socialLinks: { facebook: '', instagram: '', x: '', youtube: '' },
  youtubeChannelHandle: '',
  adsEnabled: true,
  maintenanceBanner: { enabled: false, text: '' },
  policiesLastUpdated: '2023-07-01',
};

/** GET /api/internal/site-admin: the site admin a session belongs to (the CMS's single sign-on asks it). */
export type SiteAdminIdentity = { id: number; username: string; email: string; displayName: string; emailConfirmed: boolean };

export type ServiceInfo = { name: string; version: string | null; uptimeSeconds: number | null; ok: boolean };
export type RecentServerError = { at: string; requestId: string; method: string; path: string; status: number; message: string };
/** A round of a scheduled job: which instance ran it and how it ended (outcome null: running, or cut short). */
export type JobRound = { job: string; roundStart: string; instance: string; startedAt: string; finishedAt: string | null; outcome: string | null };
/** A scheduled job as the System tab lists it: its name, its period and its latest round (null: none yet). */
export type ScheduledJobStatus = { name: string; everyMs: number; lastRound: JobRound | null };
/** A database host as Patroni lists it (PATRONI_URLS): its role, state, replication lag in bytes and timeline. */
export type DatabaseHost = { name: string; role: 'primary' | 'sync standby' | 'standby' | 'unknown'; state: string; lagBytes: number | null; timeline: number | null };
/** pgBackRest's newest base backup (PGBACKREST_STANZA). */
export type DatabaseBackup = { label: string; type: string; finishedAt: string; databaseBytes: number | null; repoBytes: number | null };
/** The replicated database on the System tab: its hosts, the last base backup, and the WAL archive (pg_stat_archiver). */
export type DatabaseHostsReport = {
  hosts: DatabaseHost[] | null;
  lastBackup: DatabaseBackup | null;
  archive: { lastArchivedAt: string | null; lastArchivedWal: string | null; lastFailedAt: string | null } | null;
};
/** GET /api/admin/system. */
export type SystemReport = {
  versions: { appCommit: string | null; node: string; postgres: string | null; payload: string | null; astro: string | null };
  services: ServiceInfo[];
  databaseBytes: number | null;
  contentCounts: { articles: number; categories: number; videos: number; products: number };
  readModel: { version: string; loadedAt: string | null; ageSeconds: number | null };
  lastSync: { at: string; status: string } | null;
  lastDeploy: Deployment | null;
  /** Every scheduled job (the composition root's one list), with its latest round, run by exactly one instance. */
  jobs: ScheduledJobStatus[];
  openSockets: number | null;
  recentErrors: RecentServerError[];
  /** The replicated database's hosts and backups; null unless PATRONI_URLS or PGBACKREST_STANZA is set. */
  database: DatabaseHostsReport | null;
};
