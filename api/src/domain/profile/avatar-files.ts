import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { MediaStore } from '../ports/media-store.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { AvatarImages } from './avatar-image.ts';

type FileDeps = { media: MediaStore; logger: Logger };

/** Both sizes of an uploaded avatar are named from one unguessable key: avatars/<key>-256.webp and -64.webp. */
const fileKeys = (key: string) => ({ large: `avatars/${key}-256.webp`, small: `avatars/${key}-64.webp` });

export type StoredAvatar = { key: string; largeUrl: string; smallUrl: string };

const COULD_NOT_SAVE = 'Your picture could not be saved right now. Please try again in a few minutes.';

/** Stores both sizes under a new random name; when either fails, neither is left behind. */
export async function storeAvatarFiles(deps: FileDeps, images: AvatarImages): Promise<StoredAvatar> {
  const key = randomBytes(18).toString('base64url');
  const files = fileKeys(key);
  const written = await Promise.allSettled([deps.media.put(files.large, images.large, 'image/webp'), deps.media.put(files.small, images.small, 'image/webp')]);
  const failed = written.find((w) => w.status === 'rejected');
  if (failed) {
    deps.logger.error({ err: failed.reason, store: deps.media.kind }, 'could not store an avatar');
    await removeAvatarFiles(deps, key);
    throw new AppError('unavailable', COULD_NOT_SAVE);
  }
  return { key, largeUrl: deps.media.urlOf(files.large), smallUrl: deps.media.urlOf(files.small) };
}

/**
 * Removes an avatar's files once nothing points at them. Never throws: a file left behind is
 * logged, and the member's change stands.
 */
export async function removeAvatarFiles(deps: FileDeps, key: string | null): Promise<void> {
  if (!key) return;
  const files = fileKeys(key);
  await deps.media.remove([files.large, files.small]).catch((err: unknown) => deps.logger.error({ err, key }, 'could not remove an avatar'));
}

export type ProfileChanges = Partial<Pick<UserRow, 'displayName' | 'bio'>>;

/**
 * Makes `avatar` the member's picture (null: none) together with any other profile changes, and
 * removes the files it replaces. The previous key is read under the row's lock in the same
 * transaction, so when changes race each one removes exactly what it replaced and the last one
 * stands: no file is left that nothing points at. A member deleted meanwhile keeps no picture.
 */
export async function setAvatar(deps: FileDeps & { db: Db }, userId: number, avatar: StoredAvatar | null, changes: ProfileChanges = {}): Promise<UserRow> {
  const newKey = avatar?.key ?? null;
  const swapped = await deps.db
    .transaction(async (tx) => {
      const [before] = await tx.select({ key: users.avatarKey }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt))).for('update');
      if (!before) return null;
      const [row] = await tx
        .update(users)
        .set({ ...changes, avatarUrl: avatar?.largeUrl ?? null, avatarThumbUrl: avatar?.smallUrl ?? null, avatarKey: newKey, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning();
      return { row: row!, replaced: before.key };
    })
    .catch(async (err: unknown) => {
      await removeAvatarFiles(deps, newKey);
      throw err;
    });
  if (!swapped) {
    await removeAvatarFiles(deps, newKey);
    throw new AppError('not_found', 'This account no longer exists.');
  }
  if (swapped.replaced !== newKey) await removeAvatarFiles(deps, swapped.replaced);
  return swapped.row;
}
