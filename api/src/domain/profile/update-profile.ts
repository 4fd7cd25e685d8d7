import { reservedNameRefusal, type Profile, type ProfileInput } from '@app/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { removeAvatarFiles } from './avatar-files.ts';
import { toProfile } from './get-profile.ts';
import type { ProfileDeps } from './profile-deps.ts';

/**
 * PUT /api/profile (spec 02 §7): display name (2–50, names that imitate staff refused for
 * members), bio (at most 250) and avatar address (http/https or empty). An address other than
 * the uploaded avatar's replaces the upload, whose files are removed.
 */
export async function updateProfile(deps: Pick<ProfileDeps, 'db' | 'media' | 'logger'>, caller: UserRow | null, input: ProfileInput): Promise<Profile> {
  const user = requireUser(caller);
  const refusal = reservedNameRefusal(input.displayName, user.role);
  if (refusal) throw new AppError('bad_request', refusal);
  const keepsUpload = user.avatarKey !== null && input.avatarUrl === user.avatarUrl;
  const [row] = await deps.db
    .update(users)
    .set({
      displayName: input.displayName,
      bio: input.bio || null,
      avatarUrl: input.avatarUrl,
      ...(keepsUpload ? {} : { avatarThumbUrl: null, avatarKey: null }),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, user.id))
    .returning();
  if (!keepsUpload) await removeAvatarFiles(deps, user.avatarKey);
  return toProfile(row!);
}
