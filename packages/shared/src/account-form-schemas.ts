// The sign-up, sign-in and password-reset forms (spec 01 §5): the API parses their requests with
// these schemas and the /auth forms validate with them, so a rule and its message live here only.
// Written with zod/mini (see forms.ts); accounts.ts re-exports them beside the other account schemas.
import * as z from 'zod/mini';
import type { Role } from './moderation.ts';
import { isStaff } from './permissions.ts';
import { PG_INT_MAX } from './pg-int.ts';
import { isReservedName, normalizeName } from './text.ts';

/** Field rules from spec 01 §5 / 02 §5, used by the API and by the forms. */
export const UsernameSchema = z.pipe(
  z.pipe(z.string(), z.transform(normalizeName)),
  z.string().check(
    z.minLength(3, 'Username must be at least 3 characters'),
    z.maxLength(50, 'Username must be at most 50 characters'),
    z.regex(/^[A-Za-z0-9_-]+$/, 'Username may contain only letters, numbers, underscores and hyphens'),
  ),
);

/** A display name, normalised (normalizeName: no invisible or control characters); empty means none. */
export const DisplayNameSchema = z.pipe(z.pipe(z.string(), z.transform(normalizeName)), z.string().check(z.maxLength(50, 'Display name must be at most 50 characters')));

export const RESERVED_NAME_MESSAGE = 'Names that look like staff or the site itself (such as admin, moderator or support) are reserved. Please choose another.';

/** Members may not take a name that imitates staff or the site; staff may. Null when the name is fine. */
export function reservedNameRefusal(name: string, role: Role): string | null {
  return !isStaff(role) && isReservedName(name) ? RESERVED_NAME_MESSAGE : null;
}

const notReserved = (name: string | undefined) => !name || !reservedNameRefusal(name, 'member');

export const EmailSchema = z.pipe(z.string().check(z.trim(), z.maxLength(100, 'Email must be at most 100 characters')), z.email('Please enter a valid email address'));

export const PasswordSchema = z.string().check(z.minLength(6, 'Password must be at least 6 characters'), z.maxLength(100, 'Password must be at most 100 characters'));

/** Sign-up makes a member, so names that imitate staff are refused here. */
export const RegisterSchema = z.object({
  username: UsernameSchema.check(z.refine(notReserved, RESERVED_NAME_MESSAGE)),
  email: EmailSchema,
  password: PasswordSchema,
  displayName: z.pipe(z.optional(DisplayNameSchema), z.transform((v) => v || undefined)).check(z.refine(notReserved, RESERVED_NAME_MESSAGE)),
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const LoginSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'Username is required'), z.maxLength(100)),
  password: z.string().check(z.minLength(1, 'Password is required'), z.maxLength(100)),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const RequestPasswordResetSchema = z.object({ email: z.string().check(z.trim(), z.minLength(1, 'Email is required'), z.maxLength(100)) });
export type RequestPasswordResetInput = z.infer<typeof RequestPasswordResetSchema>;

/** Whatever is wrong with the link's token or user id, the reset step says this (spec 01 §5). */
const BAD_RESET_LINK = 'Invalid reset token or user ID';
export const ResetPasswordSchema = z.object({
  token: z.string({ error: BAD_RESET_LINK }).check(z.minLength(1, BAD_RESET_LINK), z.maxLength(200, BAD_RESET_LINK)),
  userId: z.coerce.number({ error: BAD_RESET_LINK }).check(z.refine(Number.isInteger, BAD_RESET_LINK), z.positive(BAD_RESET_LINK), z.lte(PG_INT_MAX, BAD_RESET_LINK)),
  newPassword: PasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;

/** Forms that ask for the new password twice (the reset step, the profile's Change password) check this (spec: "Passwords do not match"). */
export const bothPasswordsMatch = z.refine<{ newPassword: string; confirmPassword: string }>((v) => v.newPassword === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

export const ResetFormSchema = z.object({ newPassword: PasswordSchema, confirmPassword: z.string() }).check(bothPasswordsMatch);
