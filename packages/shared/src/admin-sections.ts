// The admin dashboard's sections, in tab order (spec 02 §7): each with the staff power of `can` it
// needs and the calls its panel makes, typed by their answers. The API mounts one router per
// section (api/src/routes/admin/sections.ts) that answers exactly these calls and refuses callers
// without the power; the dashboard (site/src/islands/admin/admin-dashboard.tsx) shows a section's
// tab to those who hold it and loads its panel, which calls the API through these endpoints.
import type { AdminUser, AdminUserPage } from './accounts.ts';
import type { ImportPreview, ImportResult } from './article-import.ts';
import type { AdminChatRoom, AdminRoomMessage, DismissedReport, ModeratedContent, Report, ReporterStanding } from './community-schemas.ts';
import type { AdminArticle, ScheduledArticle, YouTubeStatus, YouTubeSync } from './content.ts';
import { deleteEndpoint, getEndpoint, postEndpoint, putEndpoint, type Endpoint } from './endpoints.ts';
import type { MembershipOverview } from './membership.ts';
import type { NewsletterReport } from './notifications.ts';
import type { AdminOldAddress } from './old-addresses.ts';
import type { ArticleStats, MemberSeries, RevenueSeries } from './reading-stats.ts';
import { MODERATED_KIND_LISTS } from './moderated-kinds.ts';
import type { AuditPage, DeployStarted, DeploymentDetail, DeploymentOverview, SiteSettings, SystemReport } from './operations.ts';
import type { AdminOrder, OrderDetail } from './orders.ts';
import type { Action } from './permissions.ts';

/** The staff powers of `can` (DESIGN §7.16): what an admin section needs. */
export type StaffPower = Extract<Action, 'moderate' | 'administer'>;

export type AdminSection = {
  /** The tab's name. */
  label: string;
  /** Who sees the tab and may make its calls: `can(viewer, power)`. */
  power: StaffPower;
  /** Every call the section's panel makes to its router, by name. */
  api: Readonly<Record<string, Endpoint>>;
};

export const ADMIN_SECTIONS = {
  articles: {
    label: 'Articles',
    power: 'administer',
    api: {
      list: getEndpoint<AdminArticle[]>('/api/admin/articles'),
      upload: postEndpoint<ImportResult | ImportPreview>('/api/admin/articles/upload'),
      remove: deleteEndpoint<void>('/api/admin/articles/:id'),
      oldAddresses: getEndpoint<AdminOldAddress[]>('/api/admin/articles/old-addresses'),
      scheduled: getEndpoint<ScheduledArticle[]>('/api/admin/articles/scheduled'),
      previewLink: postEndpoint<{ url: string; expiresAt: string }>('/api/admin/articles/:id/preview-link'),
      // Every earlier preview link of the article stops working; links made afterwards work (issue 47 #6).
      revokePreviewLinks: postEndpoint<{ revokedAt: string }>('/api/admin/articles/:id/preview-link/revoke'),
      stats: getEndpoint<ArticleStats>('/api/admin/stats/articles'),
      exportContent: getEndpoint<Blob>('/api/admin/export/content.zip'),
      newsletters: getEndpoint<NewsletterReport[]>('/api/admin/newsletters'),
      sendNewsletter: postEndpoint<NewsletterReport>('/api/admin/newsletters'),
      testNewsletter: postEndpoint<{ message: string }>('/api/admin/newsletters/test'),
    },
  },
  users: {
    label: 'Users',
    power: 'administer',
    api: {
      list: getEndpoint<AdminUserPage>('/api/admin/users'),
      setStatus: postEndpoint<AdminUser>('/api/admin/users/:userId/status'),
      setVip: postEndpoint<AdminUser>('/api/admin/users/:userId/vip'),
      setRole: postEndpoint<AdminUser>('/api/admin/users/:userId/role'),
      // A locked-out member's second factor, removed (issue 52 #5): audited, the member mailed.
      resetSecondFactor: postEndpoint<{ message: string }>('/api/admin/users/:userId/second-factor/reset'),
      exportMembers: getEndpoint<string>('/api/admin/export/members.csv'),
    },
  },
  members: {
    label: 'Members & Revenue',
    power: 'administer',
    api: {
      overview: getEndpoint<MembershipOverview>('/api/admin/membership'),
      memberSeries: getEndpoint<MemberSeries>('/api/admin/stats/members'),
      revenueSeries: getEndpoint<RevenueSeries>('/api/admin/stats/revenue'),
    },
  },
  orders: {
    label: 'Orders',
    power: 'administer',
    api: {
      list: getEndpoint<AdminOrder[]>('/api/admin/orders'),
      setStatus: postEndpoint<OrderDetail>('/api/admin/orders/:id/status'),
      exportOrders: getEndpoint<string>('/api/admin/export/orders.csv'),
    },
  },
  'chat-rooms': {
    label: 'Chat Rooms',
    power: 'moderate',
    api: {
      list: getEndpoint<AdminChatRoom[]>('/api/admin/chat-rooms'),
      moderate: postEndpoint<AdminChatRoom>('/api/admin/chat-rooms/:roomId/moderate'),
      archive: postEndpoint<AdminChatRoom>('/api/admin/chat-rooms/:roomId/archive'),
      messages: getEndpoint<AdminRoomMessage[]>('/api/admin/chat-rooms/:roomId/messages'),
    },
  },
  moderation: {
    label: 'Content Moderation',
    power: 'moderate',
    api: {
      reports: getEndpoint<Report[]>('/api/admin/reports'),
      dismissReport: postEndpoint<DismissedReport>('/api/admin/reports/:id/dismiss'),
      ignoreReporter: postEndpoint<ReporterStanding>('/api/admin/reporters/:userId/ignore'),
      moderateContent: postEndpoint<ModeratedContent>('/api/admin/content/:contentType/:contentId/moderate'),
      // Each moderated kind's table, named by its type.
      ...MODERATED_KIND_LISTS,
    },
  },
  deployment: {
    label: 'Deployment',
    power: 'administer',
    api: {
      deploy: postEndpoint<DeployStarted>('/api/deploy'),
      overview: getEndpoint<DeploymentOverview>('/api/admin/deployments'),
      detail: getEndpoint<DeploymentDetail>('/api/admin/deployments/:id'),
      rollback: postEndpoint<DeploymentDetail>('/api/admin/deployments/:id/rollback'),
    },
  },
  youtube: {
    label: 'YouTube',
    power: 'administer',
    api: {
      sync: postEndpoint<YouTubeSync>('/api/youtube/sync'),
      status: getEndpoint<YouTubeStatus>('/api/admin/youtube'),
      syncs: getEndpoint<YouTubeSync[]>('/api/admin/youtube/syncs'),
    },
  },
  settings: {
    label: 'Settings',
    power: 'administer',
    api: { save: putEndpoint<SiteSettings>('/api/admin/settings') },
  },
  system: {
    label: 'System',
    power: 'administer',
    api: { report: getEndpoint<SystemReport>('/api/admin/system') },
  },
  audit: {
    label: 'Audit Log',
    power: 'administer',
    api: {
      list: getEndpoint<AuditPage>('/api/admin/audit'),
      csv: getEndpoint<string>('/api/admin/audit.csv'),
      // The exports' address (issue 39); the same file as audit.csv, with the same filters.
      export: getEndpoint<string>('/api/admin/export/audit.csv'),
    },
  },
} satisfies Record<string, AdminSection>;

export type AdminSectionId = keyof typeof ADMIN_SECTIONS;

export function isAdminSectionId(id: string): id is AdminSectionId {
  return Object.hasOwn(ADMIN_SECTIONS, id);
}

/** The sections' ids in tab order. */
export const ADMIN_SECTION_IDS: readonly AdminSectionId[] = Object.keys(ADMIN_SECTIONS).filter(isAdminSectionId);
