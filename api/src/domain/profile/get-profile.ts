import type { Profile } from '@app/shared/schemas';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';

export const toProfile = (u: UserRow): Profile => ({ displayName: u.displayName || u.username, bio: u.bio ?? '', avatarUrl: u.avatarUrl });

/** GET /api/profile (spec 02 §7): the signed-in member's display name, bio and avatar. */
export function getProfile(caller: UserRow | null): Profile {
  return toProfile(requireUser(caller));
}
