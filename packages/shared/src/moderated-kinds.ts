// The kinds of content members can report and staff can hide (DESIGN §7.15), named once for the
// browser and the API. A kind is this entry, its file in api/src/domain/moderation/kinds/ with its
// entry in that registry, and its table in the dashboard's Content Moderation.
import type { ModeratedCommentPage } from './comments.ts';
import type { AdminBulletinPost, FlaggedChatMessage } from './community-schemas.ts';
import { getEndpoint, type Endpoint } from './endpoints.ts';

/** What members can report (the spec's "article" reports are comments on articles). */
export const REPORT_TYPES = ['bulletin', 'chat', 'comment'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export type ModeratedKindTerms = {
  /** One item in a member's words ("Report this post"). */
  noun: string;
  /** What the review queue calls the kind ("Bulletin Post"). */
  label: string;
  /** Its table's tab in Content Moderation ("Bulletin Posts"). */
  tab: string;
};

export const MODERATED_KIND_TERMS = {
  bulletin: { noun: 'post', label: 'Bulletin Post', tab: 'Bulletin Posts' },
  chat: { noun: 'message', label: 'Chat Message', tab: 'Chat Messages' },
  // The spec's admin screens say "Article" for comments on articles.
  comment: { noun: 'comment', label: 'Article', tab: 'Articles' },
} satisfies Record<ReportType, ModeratedKindTerms>;

/** Each kind's table in Content Moderation: what staff may need to act on, hidden items too. */
export const MODERATED_KIND_LISTS = {
  bulletin: getEndpoint<AdminBulletinPost[]>('/api/admin/bulletin-posts'),
  chat: getEndpoint<FlaggedChatMessage[]>('/api/admin/chat-messages/flagged'),
  comment: getEndpoint<ModeratedCommentPage>('/api/admin/comments'),
} satisfies Record<ReportType, Endpoint>;
