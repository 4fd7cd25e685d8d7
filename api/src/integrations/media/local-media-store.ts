import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertMediaKey, mediaAddress } from './media-store.ts';
import type { MediaStore } from '../../domain/ports/media-store.ts';

/**
 * Media on local disk under MEDIA_DIR, served at {PUBLIC_URL}/media/ by the front door (and by
 * Caddy in production). Addresses are absolute, so a stored avatar address is a valid web address
 * like any other (the profile's URL rule).
 */
export function createLocalMediaStore(opts: { dir: string; publicUrl: string }): MediaStore {
  const root = path.resolve(opts.dir);
  const fileOf = (key: string) => {
    assertMediaKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // A new random key every time: `wx` refuses to overwrite anything.
      await writeFile(file, body, { flag: 'wx' });
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })));
    },
    urlOf: (key) => mediaAddress(opts.publicUrl, key),
  };
}
