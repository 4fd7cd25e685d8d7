// The community's vocabulary (spec 02 §3, §5, §9), zod-free for the pages and islands.
import type { NotificationFrame } from './notifications.ts';
import type { User } from './accounts.ts';
import type { ChatMessage, ChatRoom } from './community-schemas.ts';

export const BULLETIN_CATEGORIES = ['General', 'Question', 'Discussion', 'Announcement', 'Resource'] as const;
export type BulletinCategory = (typeof BULLETIN_CATEGORIES)[number];
/** A bulletin post's and a chat room's lengths (spec 02 §5), for their schemas and their inputs' maxLength. */
export const BULLETIN_TITLE = { min: 3, max: 150 } as const;
export const BULLETIN_CONTENT = { min: 10, max: 5000 } as const;
export const ROOM_NAME = { min: 3, max: 60 } as const;
export const ROOM_DESCRIPTION = { min: 10, max: 300 } as const;

export * from './moderated-kinds.ts';
export const REPORT_STATUSES = ['pending', 'reviewed', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** Report status labels: pending (and anything unknown) reads "Pending Review". */
export function reportStatusLabel(status: string): string {
  return status === 'reviewed' ? 'Reviewed' : status === 'dismissed' ? 'Dismissed' : 'Pending Review';
}
/** Content reported by this many different members is hidden until an admin reviews it. */
export const AUTO_HIDE_REPORTS = 3;

export const CHAT_MESSAGE_MAX = 2000;
export const CHAT_HISTORY_SIZE = 50;
/** At most this many messages per window per member. */
export const CHAT_RATE = { max: 20, windowMs: 30_000 };
/** Joining a room sends its history (~100 KB at most): at most this many joins per window per member, on every instance. */
export const CHAT_JOIN_RATE = { max: 30, windowMs: 60_000 };
/** Open chat sockets one member may hold (counted per API instance). */
export const CHAT_SOCKETS_PER_MEMBER = 12;
/** Moderated rooms: one message per member every 10 s. */
export const SLOW_MODE_MS = 10_000;
/** Messages from one sender within this time are grouped under one name. */
export const GROUP_WINDOW_MS = 60_000;

/** The admin queue's excerpt: 60 characters, then an ellipsis. */
export function excerpt(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** A link in a chat message (held for review in moderated rooms). */
export const LINK_PATTERN = /(https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(com|net|org|io|co|ly|gg|me|info|biz|xyz|app|dev)\b/i;

/** A room's moderation state, as the socket tells the members in it when an admin changes it. */
export type ChatRoomState = { roomId: number } & Pick<ChatRoom, 'isModerated' | 'isMuted' | 'isArchived'>;

/**
 * Every frame the chat socket sends (DESIGN §7.3), one `type` each: the server's `send` takes
 * only these and the browser's handler switches on them (socket.io's ServerToClientEvents).
 */
export type ChatServerMessage =
  | { type: 'welcome'; user: User }
  | { type: 'rooms'; rooms: ChatRoom[] }
  | { type: 'joined'; roomId: number }
  | { type: 'history'; roomId: number; messages: ChatMessage[] }
  | { type: 'message'; roomId: number; message: ChatMessage }
  | { type: 'message_removed'; roomId: number; messageId: number }
  | ({ type: 'room_updated' } & ChatRoomState)
  /** The member may no longer read a room they had joined (a lower tier): it is left for them. */
  | { type: 'room_access_lost'; roomId: number; message: string }
  | { type: 'left'; roomId: number }
  | { type: 'pong' }
  | { type: 'error'; message: string; roomId?: number; retryAfter?: number }
  /** One of the member's notifications, just written (issue 37), with their unread count. */
  | NotificationFrame;
