import { z } from 'zod';
import { TierSchema } from './content.ts';
import { StatsDaySchema } from './reading-stats.ts';
import { ACCOUNT_STATUSES, MODERATION_REASONS, ROLES } from './moderation.ts';
import type { PlanId } from './plans.ts';

export * from './account-form-schemas.ts';

/** POST /api/auth/confirm-email: the token from the emailed link (/auth?confirm-token=TOKEN). */
export const ConfirmEmailSchema = z.object({ token: z.string().min(1, 'This confirmation link is incomplete.').max(200) });
export type ConfirmEmailInput = z.infer<typeof ConfirmEmailSchema>;

export const AccountStatusSchema = z.enum(ACCOUNT_STATUSES);
export const ModerationReasonSchema = z.enum(MODERATION_REASONS);

export const UserStatusChangeSchema = z.object({
  status: AccountStatusSchema,
  reason: ModerationReasonSchema.nullish(),
  notes: z.string().trim().max(2000, 'Notes must be at most 2000 characters').nullish(),
});
export type UserStatusChange = z.infer<typeof UserStatusChangeSchema>;

/** POST /api/admin/users/{userId}/vip */
export const SetVipSchema = z.object({ vip: z.boolean() });

/** POST /api/admin/users/{userId}/role: an admin makes a member a moderator or an admin, or back. */
export const SetRoleSchema = z.object({ role: z.enum(ROLES, { error: 'Role must be member, moderator or admin' }) });

/** GET /api/admin/users?search=&page=&pageSize= */
export const ListUsersQuerySchema = z
  .object({
    search: z.string().trim().max(100).optional().default(''),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    // The members list's filters (issue 39): a tier, an account status, joined between two days (UTC, both included).
    tier: TierSchema.optional(),
    status: z.enum(ACCOUNT_STATUSES).optional(),
    joinedFrom: StatsDaySchema.optional(),
    joinedTo: StatsDaySchema.optional(),
  })
  .refine((q) => !q.joinedFrom || !q.joinedTo || q.joinedFrom <= q.joinedTo, { message: 'The start date must not be after the end date.', path: ['joinedFrom'] });
export type ListUsersQuery = z.infer<typeof ListUsersQuerySchema>;

/** The user as the browser reads it (spec 01 §3). */
export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  email: z.string(),
  /** Spec 02 §3's `avatar`: the member's picture in our media (256 px), or null. */
  avatar: z.string().nullable(),
  /** Spec 01 §3's name for the same picture. */
  avatarUrl: z.string().nullable(),
  membershipTier: TierSchema,
  isAdmin: z.boolean(),
  role: z.enum(ROLES),
  accountStatus: AccountStatusSchema,
  /** Whether the member has confirmed their address (mail other than the confirmation waits for it). */
  emailConfirmed: z.boolean(),
  memberSince: z.string(),
  /** Whether the member has a second factor, and whether this session passed it (issue 52): staff powers wait for it. Only on the signed-in member's own user. */
  hasSecondFactor: z.boolean().optional(),
  secondFactorVerified: z.boolean().optional(),
});
export type User = z.infer<typeof UserSchema>;

/**
 * What admins see in the Users tab: the user plus moderation notes, and the members export's
 * columns (issue 39): when a session of theirs was last used, and the plan paying now.
 */
export type AdminUser = User & { moderationNotes: string | null; lastStatusReason: string | null; lastSeenAt: string | null; plan: PlanId | null };
export type AdminUserPage = { users: AdminUser[]; total: number; page: number; pageSize: number };

/** One of a member's signed-in sessions; `device` names its browser and system ("Chrome on macOS"). */
export type SessionInfo = { id: string; createdAt: string; lastSeenAt: string; expiresAt: string; userAgent: string | null; device: string; current: boolean };
