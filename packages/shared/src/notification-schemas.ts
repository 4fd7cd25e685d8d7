import { z } from 'zod';
import { IdParamSchema } from './ids.ts';
import { DIGESTS, NEWSLETTER_CHOICES, NEWSLETTER_SEGMENTS, NOTIFICATION_CHANNELS } from './notifications.ts';

const channel = z.enum(NOTIFICATION_CHANNELS, { error: `must be one of ${NOTIFICATION_CHANNELS.join(', ')}` });

/**
 * PUT /api/notifications/settings: every kind's channel and the digest (issue 37 #2); the newsletter
 * and review requests (staff's, shown to them only) are kept as they are when left out; nothing else.
 */
export const NotificationSettingsSchema = z.strictObject({
  reply: channel,
  mention: channel,
  order: channel,
  report: channel,
  membership: channel,
  review: channel.optional(),
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

const MENTION_PLACE_ERROR = 'in must be article:{id}, bulletin or room:{id}';

/** Where a mention is written: `bulletin`, or `article:{id}` / `room:{id}` with a database id (issue 47 #4: ids past PostgreSQL's range are a 400, not a 500). */
export const MentionPlaceSchema = z.string().transform((value, ctx) => {
  if (value === 'bulletin') return { place: 'bulletin' as const };
  const m = /^(article|room):(.*)$/.exec(value);
  const id = m ? IdParamSchema.safeParse(m[2]) : null;
  if (!m || !id?.success) {
    ctx.addIssue({ code: 'custom', message: MENTION_PLACE_ERROR });
    return z.NEVER;
  }
  return { place: m[1] as 'article' | 'room', id: id.data };
});
export type MentionPlace = z.output<typeof MentionPlaceSchema>;

/** GET /api/mentions?q=&in=: the start of a name (at least 2 characters, issue 47 #6: no paging through every member by one letter), and where the mention is written. */
export const MentionQuerySchema = z.object({
  q: z.string().trim().min(2, 'Type at least 2 characters of the name').max(50),
  in: MentionPlaceSchema,
});
export type MentionQuery = z.infer<typeof MentionQuerySchema>;
export type MentionCandidate = { username: string; displayName: string; avatarUrl: string | null };
