import { z } from 'zod';
import { ModerationReasonSchema } from './accounts.ts';
import { CHAT_MESSAGE_MAX, REPORT_TYPES, type BulletinCategory, type ReportStatus, type ReportType } from './community.ts';
import { IdSchema } from './ids.ts';
import type { StaffBadge } from './permissions.ts';
import type { Tier } from './tiers.ts';

export * from './community.ts';
export * from './community-form-schemas.ts';

/** POST /api/reports */
export const CreateReportSchema = z.object({
  type: z.enum(REPORT_TYPES, { error: `type must be ${REPORT_TYPES.slice(0, -1).join(', ')} or ${REPORT_TYPES.at(-1)}` }),
  contentId: IdSchema,
  reason: ModerationReasonSchema,
  notes: z.string().trim().max(1000).nullish(),
});
export type CreateReportInput = z.infer<typeof CreateReportSchema>;

/** POST /api/admin/content/{contentType}/{contentId}/moderate */
export const ModerateContentSchema = z.object({
  isHidden: z.boolean({ error: 'isHidden must be true or false' }),
  reason: ModerationReasonSchema.nullish(),
  notes: z.string().trim().max(2000).nullish(),
});
export type ModerateContentInput = z.infer<typeof ModerateContentSchema>;

/** POST /api/admin/chat-rooms/{roomId}/moderate (a roomId in the body is ignored: the path names the room). */
export const ModerateRoomSchema = z
  .object({
    isModerated: z.boolean().optional(),
    isMuted: z.boolean().optional(),
    moderationNotes: z.string().trim().max(2000).nullish(),
  })
  .refine((v) => v.isModerated !== undefined || v.isMuted !== undefined || v.moderationNotes !== undefined, { error: 'Nothing to change: send isModerated, isMuted or moderationNotes.' });

/** POST /api/admin/reporters/{userId}/ignore: staff stop (or restart) counting a member's reports. */
export const IgnoreReporterSchema = z.object({ ignored: z.boolean({ error: 'ignored must be true or false' }) });
export type ModerateRoomInput = z.infer<typeof ModerateRoomSchema>;

/** What the chat socket accepts (DESIGN §7.3: both vocabularies). */
export const ChatClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), userId: z.unknown().optional() }),
  z.object({ type: z.enum(['join', 'join_room', 'leave_room']), roomId: IdSchema }),
  z.object({ type: z.enum(['message', 'chat_message']), roomId: IdSchema, content: z.string().trim().min(1, 'Message cannot be empty').max(CHAT_MESSAGE_MAX, `Messages are at most ${CHAT_MESSAGE_MAX} characters`) }),
  z.object({ type: z.literal('ping') }),
]);
export type ChatClientMessage = z.infer<typeof ChatClientMessageSchema>;

/** Who wrote something; staff carry their badge wherever they write. */
export type Author = { id: number; displayName: string; badge: StaffBadge | null; /** Their small avatar (64 px), or null for initials. */ avatarUrl: string | null };

/** A bulletin post as a viewer may see it; moderation fields for its author and admins only. */
export type BulletinPost = {
  id: number;
  userId: number;
  title: string;
  content: string;
  category: BulletinCategory;
  postedAt: string;
  author: Author;
  isHidden?: boolean;
  hiddenReason?: string | null;
  moderationNotes?: string | null;
};

export type ChatRoom = {
  id: number;
  name: string;
  description: string;
  membershipRequired: Tier;
  isPrivate: boolean;
  createdAt: string;
  memberCount: number;
  isMember: boolean;
  isModerated: boolean;
  isMuted: boolean;
  /** Archived rooms are read-only: their members still read the history. */
  isArchived: boolean;
  /** Messages since the member last read the room (0 in rooms they do not belong to). */
  unread: number;
};
export type AdminChatRoom = ChatRoom & { moderationNotes: string | null; ownerName: string | null; messageCount: number };

/** POST /api/admin/chat-rooms/{roomId}/archive */
export const ArchiveRoomSchema = z.object({ archived: z.boolean({ error: 'archived must be true or false' }) });
export type ArchiveRoomInput = z.infer<typeof ArchiveRoomSchema>;

/** GET /api/admin/chat-rooms/{roomId}/messages: the room's recent messages, whatever their state. */
export type AdminRoomMessage = { id: number; message: string; userId: number; displayName: string; sentAt: string; isHidden: boolean; pendingReview: boolean; hiddenReason: string | null };

export type ChatMessage = {
  id: number;
  roomId: number;
  content: string;
  sentAt: string;
  sender: Author & { tier: Tier };
  /** Held for review: shown to its sender (and admins) only. */
  pending?: boolean;
};

/** GET /api/admin/chat-messages/flagged: messages held, hidden or reported. */
export type FlaggedChatMessage = { id: number; message: string; userId: number; username: string; displayName: string; roomId: number; roomName: string; sentAt: string; isHidden: boolean; pendingReview: boolean; reports: number; hiddenReason: string | null; moderationNotes: string | null };

/** GET /api/admin/bulletin-posts */
export type AdminBulletinPost = BulletinPost & { isHidden: boolean; hiddenReason: string | null; moderationNotes: string | null; reports: number };

/** POST /api/admin/reports/{id}/dismiss */
export type DismissedReport = { id: number; status: 'dismissed' };
/** POST /api/admin/reporters/{userId}/ignore */
export type ReporterStanding = { userId: number; reportsIgnored: boolean };
/** POST /api/admin/content/{contentType}/{contentId}/moderate */
export type ModeratedContent = { type: ReportType; contentId: number; isHidden: boolean };

/** GET /api/admin/reports: one queue for everything members write. */
export type Report = {
  id: number;
  type: ReportType;
  contentId: number;
  /** The first 60 characters and an ellipsis, for the table. */
  content: string;
  /** The whole text, for the Moderate Content dialog. */
  fullContent: string;
  reporterName: string;
  reporterId: number;
  /** Staff marked the reporter as abusing reports: their reports no longer count. */
  reporterIgnored: boolean;
  /** What the admin screens call the kind ("Bulletin Post", "Chat Message", "Article"). */
  typeLabel: string;
  reason: string;
  notes: string | null;
  reportedAt: string;
  status: ReportStatus;
  isHidden: boolean;
  moderationNotes: string | null;
  hiddenReason: string | null;
  /** Where the content lives, for the admin to look at it in place. */
  link: string | null;
};
