import { reservedNameRefusal, type Profile, type ProfileInput } from '@app/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { ImageFetchError } from '../ports/image-fetcher.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { setAvatar } from './avatar-files.ts';
import { toProfile } from './get-profile.ts';
import type { ProfileDeps } from './profile-deps.ts';
import { makeAvatar } from './upload-avatar.ts';

/**
 * PUT /api/profile (spec 02 §7): display name (2–50, names that imitate staff refused for
 * members), bio (at most 250) and avatar address (http/https or empty). A new address is fetched
 * once, here (SSRF-safe, like an upload in size and limits), and re-encoded like an upload: the
 * avatar is always our own copy, so no visitor's browser ever asks the member's host for it
 * (issue 34). Empty removes the picture; the current address keeps it.
 */
export async function updateProfile(deps: Pick<ProfileDeps, 'db' | 'media' | 'logger' | 'avatars' | 'fetchImage'>, caller: UserRow | null, input: ProfileInput, address: string): Promise<Profile> {
  const user = requireUser(caller);
  const refusal = reservedNameRefusal(input.displayName, user.role);
  if (refusal) throw new AppError('bad_request', refusal);
  const changes = { displayName: input.displayName, bio: input.bio || null };
  // Compared with the row as it is now: the form sends back the address an upload just set.
  const [current] = await deps.db.select({ avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, user.id));
  if (input.avatarUrl === (current?.avatarUrl ?? null)) {
    const [row] = await deps.db.update(users).set({ ...changes, updatedAt: sql`now()` }).where(eq(users.id, user.id)).returning();
    return toProfile(row!);
  }
  if (input.avatarUrl === null) return toProfile(await setAvatar(deps, user.id, null, changes));
  const url = input.avatarUrl;
  return toProfile(await makeAvatar(deps, user, address, () => fetchPicture(deps, url), changes));
}

async function fetchPicture(deps: Pick<ProfileDeps, 'fetchImage'>, url: string): Promise<Buffer> {
  try {
    return (await deps.fetchImage(url)).data;
  } catch (err) {
    if (err instanceof ImageFetchError) throw new AppError('bad_request', `The picture at that address could not be used: ${err.reason}.`);
    throw err;
  }
}
