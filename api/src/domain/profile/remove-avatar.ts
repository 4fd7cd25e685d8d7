import type { Profile } from '@app/shared/schemas';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { setAvatar } from './avatar-files.ts';
import { toProfile } from './get-profile.ts';
import type { ProfileDeps } from './profile-deps.ts';

/** DELETE /api/profile/avatar: back to initials; the picture's files are removed. */
export async function removeAvatar(deps: Pick<ProfileDeps, 'db' | 'media' | 'logger'>, caller: UserRow | null): Promise<Profile> {
  const user = requireUser(caller);
  return toProfile(await setAvatar(deps, user.id, null));
}
