import type { Profile } from '@app/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { removeAvatarFiles, storeAvatarFiles } from './avatar-files.ts';
import { readAvatarImage } from './avatar-image.ts';
import { toProfile } from './get-profile.ts';
import type { ProfileDeps } from './profile-deps.ts';

/**
 * POST /api/profile/avatar: the picture is checked and re-encoded (readAvatarImage), stored under
 * a new unguessable name, and becomes the avatar; the previous upload's files are removed.
 */
export async function uploadAvatar(deps: Pick<ProfileDeps, 'db' | 'media' | 'logger'>, caller: UserRow | null, bytes: Buffer): Promise<Profile> {
  const user = requireUser(caller);
  const images = await readAvatarImage(bytes);
  const stored = await storeAvatarFiles(deps.media, images).catch((err: unknown) => {
    deps.logger.error({ err, store: deps.media.kind }, 'could not store an avatar');
    throw new AppError('unavailable', 'Your picture could not be saved right now. Please try again in a few minutes.');
  });
  const [row] = await deps.db
    .update(users)
    .set({ avatarUrl: stored.largeUrl, avatarThumbUrl: stored.smallUrl, avatarKey: stored.key, updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  await removeAvatarFiles(deps, user.avatarKey);
  return toProfile(row!);
}
