import { z } from 'zod';
import type { Tier } from './tiers.ts';

export * from './profile-form-schemas.ts';

export type Profile = { displayName: string; bio: string; avatarUrl: string | null };

/** POST /api/profile/email/confirm: the token from the link (/profile?email-token=TOKEN). */
export const ConfirmEmailChangeSchema = z.object({ token: z.string().min(1, 'This confirmation link is incomplete.').max(200) });
export type ConfirmEmailChangeInput = z.infer<typeof ConfirmEmailChangeSchema>;

/** GET and PUT /api/profile/sharing: the shareable profile (Pro and VIP) and whether search engines may index it. */
export const ProfileSharingInputSchema = z.object({
  publicProfile: z.boolean({ error: 'publicProfile must be true or false' }),
  searchIndexing: z.boolean({ error: 'searchIndexing must be true or false' }),
});
export type ProfileSharingInput = z.infer<typeof ProfileSharingInputSchema>;
/** `allowed`: whether the member's tier has the perk now (the switches stay stored if it lapses). */
export type ProfileSharing = ProfileSharingInput & { allowed: boolean; path: string };

/** GET /api/members/{username}: what the shareable profile shows. */
export type PublicProfile = {
  username: string;
  displayName: string;
  avatarUrl: string | null;
  bio: string;
  membershipTier: Tier;
  memberSince: string;
  searchIndexing: boolean;
  recentPosts: { id: number; title: string; category: string; postedAt: string }[];
};

/** GET /api/public-profiles?names=a,b: at most 50 usernames, comma-separated. */
export const PublicProfileNamesQuerySchema = z.object({
  names: z
    .string()
    .max(2600)
    .transform((s) => [...new Set(s.split(',').map((n) => n.trim()).filter(Boolean))])
    .pipe(z.array(z.string().regex(/^[A-Za-z0-9_-]{3,50}$/, 'names must be usernames')).max(50, 'at most 50 names')),
});
