import { z } from 'zod';
import { DIGESTS, NEWSLETTER_CHOICES, NEWSLETTER_SEGMENTS, NOTIFICATION_CHANNELS } from './notifications.ts';

const channel = z.enum(NOTIFICATION_CHANNELS, { error: `must be one of ${NOTIFICATION_CHANNELS.join(', ')}` });

/** PUT /api/notifications/settings: every kind's channel and the digest (issue 37 #2), and the newsletter (kept as it is when left out); nothing else. */
export const NotificationSettingsSchema = z.strictObject({
  reply: channel,
  mention: channel,
  order: channel,
  report: channel,
  membership: channel,
  digest: z.enum(DIGESTS, { error: `must be one of ${DIGESTS.join(', ')}` }),
  newsletter: z.enum(NEWSLETTER_CHOICES, { error: `must be one of ${NEWSLETTER_CHOICES.join(', ')}` }).optional(),
});
export type NotificationSettingsInput = z.infer<typeof NotificationSettingsSchema>;

/** POST /api/admin/newsletters: an article published on the site, and who it goes to. */
export const SendNewsletterSchema = z.strictObject({
  articleId: z.number().int().positive().max(2_147_483_647),
  segment: z.enum(NEWSLETTER_SEGMENTS, { error: `must be one of ${NEWSLETTER_SEGMENTS.join(', ')}` }),
});

/** GET /api/notifications?before={id}: the page after that notification. */
export const NotificationListQuerySchema = z.object({ before: z.coerce.number().int().positive().max(2_147_483_647).optional() });

/** POST /api/notifications/read: these (at most a page's worth times ten), or without ids all of the member's. */
export const MarkNotificationsReadSchema = z.strictObject({ ids: z.array(z.number().int().positive().max(2_147_483_647)).max(300).optional() });

/** GET /api/mentions?q=&in=: the start of a name, and where the mention is written. */
export const MentionQuerySchema = z.object({
  q: z.string().trim().min(1, 'q is required').max(50),
  in: z.string().regex(/^(article:\d{1,10}|bulletin|room:\d{1,10})$/, 'in must be article:{id}, bulletin or room:{id}'),
});
export type MentionQuery = z.infer<typeof MentionQuerySchema>;
export type MentionCandidate = { username: string; displayName: string; avatarUrl: string | null };
