// The profile's forms (spec 02 §5 "Profile"; issue 20): the API parses their requests with these
// schemas and the profile's islands validate with them. Written with zod/mini (see forms.ts);
// profile-schemas.ts re-exports them beside the profile's other schemas.
import * as z from 'zod/mini';
import { bothPasswordsMatch, DisplayNameSchema, EmailSchema, PasswordSchema } from './account-form-schemas.ts';
import { AVATAR_URL_INVALID, BIO_MAX, DISPLAY_NAME_MIN, isWebAddress } from './profile.ts';

/** An avatar address (spec 02 §5: a valid URL or empty): http(s) only; empty means none (null). */
export const AvatarUrlSchema = z.pipe(
  z.nullish(z.string().check(z.trim(), z.refine((v) => v === '' || isWebAddress(v), AVATAR_URL_INVALID))),
  z.transform((v) => v || null),
);

/** GET and PUT /api/profile (spec 02 §3 Profile): displayName 2–50, bio at most 250, avatarUrl. */
export const ProfileInputSchema = z.object({
  displayName: z.pipe(DisplayNameSchema, z.string().check(z.minLength(DISPLAY_NAME_MIN, `Display name must be at least ${DISPLAY_NAME_MIN} characters`))),
  bio: z.pipe(z.nullish(z.string().check(z.trim(), z.maxLength(BIO_MAX, `Bio must be at most ${BIO_MAX} characters`))), z.transform((v) => v ?? '')),
  avatarUrl: AvatarUrlSchema,
});
export type ProfileInput = z.infer<typeof ProfileInputSchema>;

const CurrentPasswordSchema = z.string().check(z.minLength(1, 'Please enter your current password'), z.maxLength(100));

/** POST /api/profile/password: the current password, and a new one as at sign-up. */
export const ChangePasswordSchema = z.object({ currentPassword: CurrentPasswordSchema, newPassword: PasswordSchema });
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;
/** The profile's Change password form: the request, and the new password typed twice. */
export const ChangePasswordFormSchema = z.extend(ChangePasswordSchema, { confirmPassword: z.string() }).check(bothPasswordsMatch);

/** POST /api/profile/email: the new address, confirmed by a link mailed to it. */
export const ChangeEmailSchema = z.object({
  currentPassword: CurrentPasswordSchema,
  newEmail: z.pipe(EmailSchema, z.transform((v) => v.toLowerCase())),
});
export type ChangeEmailInput = z.infer<typeof ChangeEmailSchema>;

/** DELETE /api/profile: the current password, so a borrowed session cannot delete the account. */
export const DeleteAccountSchema = z.object({ currentPassword: CurrentPasswordSchema });
export type DeleteAccountInput = z.infer<typeof DeleteAccountSchema>;
