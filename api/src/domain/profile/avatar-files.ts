import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { MediaStore } from '../../integrations/media/media-store.ts';
import type { AvatarImages } from './avatar-image.ts';

/** Both sizes of an uploaded avatar are named from one unguessable key: avatars/<key>-256.webp and -64.webp. */
const fileKeys = (key: string) => ({ large: `avatars/${key}-256.webp`, small: `avatars/${key}-64.webp` });

/** Stores both sizes under a new random name; answers the name and their addresses. */
export async function storeAvatarFiles(media: MediaStore, images: AvatarImages): Promise<{ key: string; largeUrl: string; smallUrl: string }> {
  const key = randomBytes(18).toString('base64url');
  const files = fileKeys(key);
  await Promise.all([media.put(files.large, images.large, 'image/webp'), media.put(files.small, images.small, 'image/webp')]);
  return { key, largeUrl: media.urlOf(files.large), smallUrl: media.urlOf(files.small) };
}

/**
 * Removes an avatar's files once nothing points at them. Never throws: a file left behind is
 * logged, and the member's change stands.
 */
export async function removeAvatarFiles(deps: { media: MediaStore; logger: Logger }, key: string | null): Promise<void> {
  if (!key) return;
  const files = fileKeys(key);
  await deps.media.remove([files.large, files.small]).catch((err: unknown) => deps.logger.error({ err, key }, 'could not remove an avatar'));
}
