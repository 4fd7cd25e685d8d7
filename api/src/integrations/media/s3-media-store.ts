import { DeleteObjectsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertMediaKey } from './media-store.ts';
import type { MediaStore } from '../../domain/ports/media-store.ts';

export type S3MediaSettings = {
  bucket: string;
  region: string;
  /** Another S3-compatible server (MinIO, R2, s3rver…); unset: AWS. */
  endpoint?: string;
  /** Path-style addresses (endpoint/bucket/key), which most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where browsers load the bucket's objects from (the bucket's public address or a CDN before it). */
  publicUrl: string;
  /** Prepended to every key (e.g. "site/"), for a bucket shared with other things. */
  prefix?: string;
};

/** Media in an S3-compatible bucket (DESIGN §5), written public-read through the bucket's own policy. */
export function createS3MediaStore(settings: S3MediaSettings, client?: S3Client): MediaStore {
  const s3 = client ?? new S3Client({ region: settings.region, endpoint: settings.endpoint, forcePathStyle: settings.forcePathStyle, credentials: settings.credentials });
  const prefix = settings.prefix ?? '';
  const objectKey = (key: string) => {
    assertMediaKey(key);
    return prefix + key;
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      // Names are random and never reused, so the object may be cached for good.
      await s3.send(new PutObjectCommand({ Bucket: settings.bucket, Key: objectKey(key), Body: body, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }));
    },
    async remove(keys) {
      if (keys.length === 0) return;
      await s3.send(new DeleteObjectsCommand({ Bucket: settings.bucket, Delete: { Objects: keys.map((k) => ({ Key: objectKey(k) })), Quiet: true } }));
    },
    urlOf: (key) => `${settings.publicUrl.replace(/\/$/, '')}/${prefix}${key}`,
  };
}
