import type { ProfileSharing, ProfileSharingInput } from '@app/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { requirePermission, requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { toProfileSharing } from './get-profile-sharing.ts';
import type { ProfileDeps } from './profile-deps.ts';

/**
 * PUT /api/profile/sharing: switches the shareable profile (Pro perk `public-profile`) and its
 * indexing by search engines. Switching it on needs the perk; anyone may switch it off.
 */
export async function setProfileSharing(deps: Pick<ProfileDeps, 'db'>, caller: UserRow | null, input: ProfileSharingInput): Promise<ProfileSharing> {
  const user = input.publicProfile ? requirePermission(caller, 'public-profile') : requireUser(caller);
  const [row] = await deps.db
    .update(users)
    .set({ publicProfile: input.publicProfile, profileIndexable: input.searchIndexing, updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  return toProfileSharing(row!);
}
