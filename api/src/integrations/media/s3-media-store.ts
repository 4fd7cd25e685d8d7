import { DeleteObjectsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mediaObjectKey, type MediaBucket } from '@app/shared/server';
import { assertMediaKey, mediaAddress } from './media-store.ts';
import type { MediaStore } from '../../domain/ports/media-store.ts';

/** An S3 client for the media bucket (MEDIA_S3_*), as the store and the `media:to-s3` command speak to it. */
export const mediaS3Client = (bucket: MediaBucket) =>
  new S3Client({ region: bucket.region, endpoint: bucket.endpoint, forcePathStyle: bucket.forcePathStyle, credentials: bucket.credentials });

/**
 * Media in an S3-compatible bucket (DESIGN §5), below the bucket's prefix as they would be below
 * MEDIA_DIR. Their addresses stay the site's own (`{publicUrl}/media/{key}`): the edge reads
 * /media/* from the bucket, so an address never depends on where the bytes are.
 */
export function createS3MediaStore(bucket: MediaBucket, publicUrl: string, client?: S3Client): MediaStore {
  const s3 = client ?? mediaS3Client(bucket);
  const objectKey = (key: string) => {
    assertMediaKey(key);
    return mediaObjectKey(bucket, key);
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      // Names are random and never reused, so the object may be cached for good.
      await s3.send(new PutObjectCommand({ Bucket: bucket.bucket, Key: objectKey(key), Body: body, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }));
    },
    async remove(keys) {
      if (keys.length === 0) return;
      await s3.send(new DeleteObjectsCommand({ Bucket: bucket.bucket, Delete: { Objects: keys.map((k) => ({ Key: objectKey(k) })), Quiet: true } }));
    },
    urlOf: (key) => mediaAddress(publicUrl, key),
  };
}
