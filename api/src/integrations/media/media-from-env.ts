import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mediaStorageFromEnv } from '@app/shared/server';
import { createLocalMediaStore } from './local-media-store.ts';
import type { MediaStore } from '../../domain/ports/media-store.ts';
import { createS3MediaStore } from './s3-media-store.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * The media store the environment asks for (DESIGN §5; the settings are @app/shared's, read as
 * the CMS reads them): S3-compatible storage when MEDIA_S3_BUCKET is set, else local disk under
 * MEDIA_DIR (default .data/media). Either way a file's address is {PUBLIC_URL}/media/{key}: the
 * edge serves /media/* from the disk or the bucket.
 */
export function mediaStoreFromEnv(env: NodeJS.ProcessEnv, publicUrl: string): MediaStore {
  const storage = mediaStorageFromEnv(env, path.join(repoRoot, '.data/media'));
  if (storage.kind === 'local') return createLocalMediaStore({ dir: storage.dir, publicUrl });
  return createS3MediaStore(storage, publicUrl);
}
