import { z } from 'zod';
import { TierSchema } from './content.ts';
import { PG_INT_MAX } from './ids.ts';
import { StatsDaySchema } from './reading-stats.ts';
import { ACCOUNT_STATUSES, MODERATION_REASONS, ROLES, type Role } from './moderation.ts';
import { isStaff } from './permissions.ts';
import type { PlanId } from './plans.ts';
import { isReservedName, normalizeName } from './text.ts';

/** Field rules from spec 01 §5 / 02 §5, used by the API and by the forms. */
export const UsernameSchema = z
  .string()
  .transform(normalizeName)
  .pipe(
    z
      .string()
      .min(3, 'Username must be at least 3 characters')
      .max(50, 'Username must be at most 50 characters')
      .regex(/^[A-Za-z0-9_-]+$/, 'Username may contain only letters, numbers, underscores and hyphens'),
  );

/** A display name, normalised (normalizeName: no invisible or control characters); empty means none. */
export const DisplayNameSchema = z
  .string()
  .transform(normalizeName)
  .pipe(z.string().max(50, 'Display name must be at most 50 characters'));

export const RESERVED_NAME_MESSAGE = 'Names that look like staff or the site itself (such as admin, moderator or support) are reserved. Please choose another.';

/** Members may not take a name that imitates staff or the site; staff may. Null when the name is fine. */
export function reservedNameRefusal(name: string, role: Role): string | null {
  return !isStaff(role) && isReservedName(name) ? RESERVED_NAME_MESSAGE : null;
}

const notReserved = (name: string | undefined) => !name || !reservedNameRefusal(name, 'member');

export const EmailSchema = z.string().trim().max(100, 'Email must be at most 100 characters').pipe(z.email('Please enter a valid email address'));

export const PasswordSchema = z.string().min(6, 'Password must be at least 6 characters').max(100, 'Password must be at most 100 characters');

/** Sign-up makes a member, so names that imitate staff are refused here. */
export const RegisterSchema = z.object({
  username: UsernameSchema.refine(notReserved, RESERVED_NAME_MESSAGE),
  email: EmailSchema,
  password: PasswordSchema,
  displayName: DisplayNameSchema.optional()
    .transform((v) => v || undefined)
    .refine(notReserved, RESERVED_NAME_MESSAGE),
});
export type RegisterInput = z.infer<typeof RegisterSchema>;


/** POST /api/auth/confirm-email: the token from the emailed link (/auth?confirm-token=TOKEN). */
export const ConfirmEmailSchema = z.object({ token: z.string().min(1, 'This confirmation link is incomplete.').max(200) });
export type ConfirmEmailInput = z.infer<typeof ConfirmEmailSchema>;

export const LoginSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(100),
  password: z.string().min(1, 'Password is required').max(100),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const RequestPasswordResetSchema = z.object({ email: z.string().trim().min(1, 'Email is required').max(100) });
export type RequestPasswordResetInput = z.infer<typeof RequestPasswordResetSchema>;

export const ResetPasswordSchema = z.object({
  token: z.string().min(1, 'Invalid reset token or user ID').max(200),
  userId: z.coerce.number().int().positive('Invalid reset token or user ID').max(PG_INT_MAX, 'Invalid reset token or user ID'),
  newPassword: PasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;

/** The reset form also asks for the password twice (spec: "Passwords do not match"). */
export const ResetFormSchema = z
  .object({ newPassword: PasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

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
