import { z } from 'zod';
import { DisplayNameSchema, EmailSchema, PasswordSchema } from './accounts.ts';
import type { Tier } from './tiers.ts';
import { AVATAR_URL_INVALID, BIO_MAX, DISPLAY_NAME_MIN, isWebAddress } from './profile.ts';

/** An avatar address (spec 02 §5: a valid URL or empty): http(s) only; empty means none (null). */
export const AvatarUrlSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || isWebAddress(v), AVATAR_URL_INVALID)
  .nullish()
  .transform((v) => v || null);

/** GET and PUT /api/profile (spec 02 §3 Profile): displayName 2–50, bio at most 250, avatarUrl. */
export const ProfileInputSchema = z.object({
  displayName: DisplayNameSchema.pipe(z.string().min(DISPLAY_NAME_MIN, `Display name must be at least ${DISPLAY_NAME_MIN} characters`)),
  bio: z
    .string()
    .trim()
    .max(BIO_MAX, `Bio must be at most ${BIO_MAX} characters`)
    .nullish()
    .transform((v) => v ?? ''),
  avatarUrl: AvatarUrlSchema,
});
export type ProfileInput = z.infer<typeof ProfileInputSchema>;
export type Profile = { displayName: string; bio: string; avatarUrl: string | null };

/** POST /api/profile/password: the current password, and a new one as at sign-up. */
export const ChangePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Please enter your current password').max(100),
  newPassword: PasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

/** POST /api/profile/email: the new address, confirmed by a link mailed to it. */
export const ChangeEmailSchema = z.object({
  currentPassword: z.string().min(1, 'Please enter your current password').max(100),
  newEmail: EmailSchema.transform((v) => v.toLowerCase()),
});
export type ChangeEmailInput = z.infer<typeof ChangeEmailSchema>;

/** POST /api/profile/email/confirm: the token from the link (/profile?email-token=TOKEN). */
export const ConfirmEmailChangeSchema = z.object({ token: z.string().min(1, 'This confirmation link is incomplete.').max(200) });
export type ConfirmEmailChangeInput = z.infer<typeof ConfirmEmailChangeSchema>;

/** DELETE /api/profile: the current password, so a borrowed session cannot delete the account. */
export const DeleteAccountSchema = z.object({ currentPassword: z.string().min(1, 'Please enter your current password').max(100) });
export type DeleteAccountInput = z.infer<typeof DeleteAccountSchema>;

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
