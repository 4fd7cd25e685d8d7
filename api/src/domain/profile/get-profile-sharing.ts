import { can, publicProfilePath, viewerOf } from '@app/shared/browser';
import type { ProfileSharing } from '@app/shared/schemas';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';

export const toProfileSharing = (u: UserRow): ProfileSharing => ({
  publicProfile: u.publicProfile,
  searchIndexing: u.profileIndexable,
  allowed: can(viewerOf(u), 'public-profile'),
  path: publicProfilePath(u.username),
});

/** GET /api/profile/sharing: the shareable profile's switches, and whether the member's tier has the perk. */
export function getProfileSharing(caller: UserRow | null): ProfileSharing {
  return toProfileSharing(requireUser(caller));
}
