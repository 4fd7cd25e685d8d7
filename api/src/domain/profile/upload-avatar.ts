import type { Profile } from '@app/shared/schemas';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { setAvatar, storeAvatarFiles, type ProfileChanges } from './avatar-files.ts';
import { readAvatarImage } from './avatar-image.ts';
import { withAvatarTurn } from './avatar-limits.ts';
import { toProfile } from './get-profile.ts';
import type { ProfileDeps } from './profile-deps.ts';

export type AvatarDeps = Pick<ProfileDeps, 'db' | 'media' | 'logger' | 'avatars'>;

/**
 * Turns picture bytes into the member's avatar: within the member's and the address's limits
 * (withAvatarTurn), checked and re-encoded in one of this instance's resize slots
 * (readAvatarImage), stored under a new unguessable name, swapped in together with `changes`;
 * what it replaced is removed.
 */
export async function makeAvatar(deps: AvatarDeps, user: UserRow, address: string, bytes: () => Promise<Buffer>, changes: ProfileChanges = {}): Promise<UserRow> {
  return withAvatarTurn(deps, user.id, address, async () => {
    const picture = await bytes();
    const images = await deps.avatars.slots.run(() => readAvatarImage(picture));
    return setAvatar(deps, user.id, await storeAvatarFiles(deps, images), changes);
  });
}

/** POST /api/profile/avatar: an uploaded picture becomes the avatar. */
export async function uploadAvatar(deps: AvatarDeps, caller: UserRow | null, bytes: Buffer, address: string): Promise<Profile> {
  const user = requireUser(caller);
  return toProfile(await makeAvatar(deps, user, address, async () => bytes));
}
