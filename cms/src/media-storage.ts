import { s3Storage } from '@payloadcms/storage-s3';
import type { MediaStorage } from '@app/shared/server';

/**
 * The Media collection's files and every image size in the S3-compatible bucket when MEDIA_S3_* is
 * set (Payload's own adapter, DESIGN §3), below MEDIA_S3_PREFIX as they are below MEDIA_DIR — the
 * API's avatars beside them, as on disk — so /media/{filename}, which the edge serves from the
 * bucket, names the same file. Without a bucket the adapter is off and the disk stays the default.
 *
 * The CMS keeps serving its own files at /cms/api/media/file/{filename} (from the bucket: the
 * admin's thumbnails, the API's content export), never making the bucket's address the documents' URL.
 */
export function mediaStoragePlugin(storage: MediaStorage) {
  const bucket = storage.kind === 's3' ? storage : null;
  return s3Storage({
    enabled: bucket !== null,
    // The adapter's columns (prefix, _objectKey) with and without a bucket: one schema, one set of migrations.
    alwaysInsertFields: true,
    bucket: bucket?.bucket ?? '',
    config: bucket ? { region: bucket.region, endpoint: bucket.endpoint, forcePathStyle: bucket.forcePathStyle, credentials: bucket.credentials } : {},
    collections: { media: { prefix: bucket?.prefix.replace(/\/$/, '') ?? '' } },
  });
}
