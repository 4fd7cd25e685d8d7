/**
 * Where uploaded media (avatars) live (DESIGN §5; implemented in integrations/media/): local disk
 * by default, S3-compatible object storage when MEDIA_S3_* is configured. Keys are paths below the
 * store's root ("avatars/<random>-256.webp"); `urlOf` is the address browsers load a key from.
 */
export type MediaStore = {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes the keys; a key that is not there is not an error. */
  remove(keys: string[]): Promise<void>;
  urlOf(key: string): string;
};
