import { z } from 'zod';
import { SOCIAL_NETWORKS, type SiteSettings } from './operations.ts';

const link = (network: string) => z.union([z.literal(''), z.string().trim().max(300).url(`The ${network} link must be a full address starting with https://`).refine((u) => u.startsWith('https://'), `The ${network} link must start with https://`)]);
const NETWORK_NAMES: Record<(typeof SOCIAL_NETWORKS)[number], string> = { facebook: 'Facebook', instagram: 'Instagram', x: 'X', youtube: 'video channel' };

/** PUT /api/admin/settings: the whole settings object, each field with a message a person can act on. */
export const SiteSettingsSchema = z.object({
  siteName: z.string().trim().min(2, 'The site name must be at least 2 characters.').max(60, 'The site name can be at most 60 characters.'),
  tagline: z.string().trim().max(120, 'The tagline can be at most 120 characters.'),
  authorName: z.string().trim().min(2, 'The author name must be at least 2 characters.').max(80, 'The author name can be at most 80 characters.'),
  contactEmail: z.string().trim().email('The contact email must be a valid email address.').max(200),
  socialLinks: z.object(Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, link(NETWORK_NAMES[n])])) as Record<(typeof SOCIAL_NETWORKS)[number], ReturnType<typeof link>>),
  youtubeChannelHandle: z.union([z.literal(''), z.string().trim().regex(/^(@[\w.-]{3,30}|UC[\w-]{22})$/, 'The YouTube channel must be a handle such as @betterself or a channel id starting with UC.')]),
  adsEnabled: z.boolean(),
  maintenanceBanner: z
    .object({ enabled: z.boolean(), text: z.string().trim().max(200, 'The maintenance banner can be at most 200 characters.') })
    .refine((b) => !b.enabled || b.text.length > 0, { message: 'Write the maintenance banner text before turning it on.', path: ['text'] }),
  policiesLastUpdated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The policies date must be a date (YYYY-MM-DD).').optional(),
}) satisfies z.ZodType<Omit<SiteSettings, 'policiesLastUpdated'> & { policiesLastUpdated?: string }>;
export type SiteSettingsInput = z.infer<typeof SiteSettingsSchema>;

/** GET /api/admin/audit?actor=&action=&before=: `before` is an entry id (paging) or a date (entries before it). */
export const AuditQuerySchema = z.object({
  actor: z.string().trim().max(50).optional(),
  action: z.string().trim().max(60).optional(),
  before: z.union([z.coerce.number().int().min(1).max(2147483647), z.iso.date(), z.iso.datetime()]).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** The fields of a GitHub push event we read (the rest is ignored). */
export const GitHubPushSchema = z.object({
  ref: z.string(),
  after: z.string().regex(/^[0-9a-f]{40}$/).optional(),
});
