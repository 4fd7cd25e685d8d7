// Notifications (issue 37): what a member hears back about, the API's shapes and a member's
// choices. Browser-safe (no zod): the bell and the settings form read these; the API validates
// with notification-schemas.ts.
import { TIERS } from './tiers.ts';

// `review` is staff's: a contributor submitted an article for review in the CMS (issue 47 #13).
export const NOTIFICATION_KINDS = ['reply', 'mention', 'order', 'report', 'membership', 'review'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Where a kind is delivered: in the app (the bell and /notifications), by email, both, or not at all. */
export const NOTIFICATION_CHANNELS = ['app', 'email', 'both', 'off'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const DIGESTS = ['off', 'daily', 'weekly'] as const;
export type Digest = (typeof DIGESTS)[number];

/**
 * The mails a member can stop with one click (RFC 8058): each kind's own mails, the digest that
 * gathers them, and the creator's newsletter.
 */
export const MAIL_LISTS = [...NOTIFICATION_KINDS, 'digest', 'newsletter'] as const;
export type MailList = (typeof MAIL_LISTS)[number];

/** What a list's mails are about, in a sentence ("You get these mails for …", "no more emails about …"). */
export const NOTIFICATION_KIND_WORDS: Record<MailList, string> = {
  reply: 'replies to your comments',
  mention: 'mentions',
  order: 'updates on your orders',
  report: 'updates on your reports',
  membership: 'updates on your membership',
  review: 'articles submitted for review',
  digest: 'your notification digest',
  newsletter: 'the newsletter',
};

export const NEWSLETTER_CHOICES = ['on', 'off'] as const;
export type NewsletterChoice = (typeof NEWSLETTER_CHOICES)[number];

export type NotificationSettings = Record<NotificationKind, NotificationChannel> & { digest: Digest; newsletter: NewsletterChoice };
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { reply: 'app', mention: 'app', order: 'app', report: 'app', membership: 'app', review: 'app', digest: 'off', newsletter: 'on' };

/** Who a newsletter goes to: every member, or those of one of the catalogue's tiers. */
export const NEWSLETTER_SEGMENTS = ['all', ...TIERS] as const;
export type NewsletterSegment = (typeof NEWSLETTER_SEGMENTS)[number];

/** A newsletter's send report (Admin → Articles). */
export type NewsletterReport = {
  id: number;
  articleId: number;
  title: string;
  segment: NewsletterSegment;
  sentBy: string | null;
  createdAt: string;
  finishedAt: string | null;
  recipients: number;
  pending: number;
  sent: number;
  failed: number;
  unsubscribed: number;
};

export type NotificationActor = { username: string; displayName: string; avatarUrl: string | null };
export type Notification = { id: number; kind: NotificationKind; text: string; url: string; actor: NotificationActor | null; createdAt: string; readAt: string | null };
export type NotificationPage = { unread: number; items: Notification[] };

/** The socket's frame for a new notification, to the recipient's open pages on every instance. */
export type NotificationFrame = { type: 'notification'; notification: Notification; unread: number };

/** A page of the list. */
export const NOTIFICATIONS_PAGE = 30;
/** At most this many members are told of one message's mentions (the first named). */
export const MAX_MENTIONS = 10;

/** `@username` mentions in a text, in order, each once (usernames as accounts allow them). */
export function mentionedUsernames(text: string): string[] {
  return [...new Set(mentionsIn(text).map((m) => m.name))];
}

/**
 * Each `@username` in a text where it stands: its place, its length (the `@` included) and the
 * name it names, lower-cased (a trailing `-` is punctuation, not the name's).
 */
export function mentionsIn(text: string): { index: number; length: number; name: string }[] {
  return [...text.matchAll(/(?<![\w@.-])@([A-Za-z0-9_-]{3,50})/g)]
    .map((m) => ({ index: m.index, length: m[0].length, name: m[1]!.replace(/-+$/, '').toLowerCase() }))
    .filter((m) => m.name.length >= 3);
}
