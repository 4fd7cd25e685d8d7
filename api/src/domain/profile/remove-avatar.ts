import type { Profile } from '@app/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { removeAvatarFiles } from './avatar-files.ts';
import { toProfile } from './get-profile.ts';
import type { ProfileDeps } from './profile-deps.ts';

/** DELETE /api/profile/avatar: back to initials; an uploaded picture's files are removed. */
export async function removeAvatar(deps: Pick<ProfileDeps, 'db' | 'media' | 'logger'>, caller: UserRow | null): Promise<Profile> {
  const user = requireUser(caller);
  const [row] = await deps.db
    .update(users)
    .set({ avatarUrl: null, avatarThumbUrl: null, avatarKey: null, updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  await removeAvatarFiles(deps, user.avatarKey);
  return toProfile(row!);
}
