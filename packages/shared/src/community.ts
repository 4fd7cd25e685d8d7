// The community's vocabulary (spec 02 §3, §5, §9), zod-free for the pages and islands.
export const BULLETIN_CATEGORIES = ['General', 'Question', 'Discussion', 'Announcement', 'Resource'] as const;
export type BulletinCategory = (typeof BULLETIN_CATEGORIES)[number];

/** What members can report (the spec's "article" reports are comments on articles). */
export const REPORT_TYPES = ['bulletin', 'chat', 'comment'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
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
