import { describe, expect, it } from 'vitest';
import { mediaObjectKey, mediaObjectUrl, mediaStorageFromEnv } from './media-storage.ts';

const bucketEnv = { MEDIA_S3_BUCKET: 'pictures', MEDIA_S3_PUBLIC_URL: 'https://cdn.example.net/pictures/', MEDIA_S3_PREFIX: 'site/' };

describe('the media settings (MEDIA_DIR, MEDIA_S3_*)', () => {
  it('is the folder without a bucket, and compose’s empty settings are unset ones', () => {
    expect(mediaStorageFromEnv({}, '/data/media')).toEqual({ kind: 'local', dir: '/data/media' });
    expect(mediaStorageFromEnv({ MEDIA_DIR: '/srv/media', MEDIA_S3_BUCKET: '', MEDIA_S3_PUBLIC_URL: '', MEDIA_S3_PREFIX: '' }, '/data/media')).toEqual({ kind: 'local', dir: '/srv/media' });
  });

  it('is the bucket with one: AWS by default, path-style for another endpoint, no trailing slash on its address', () => {
    expect(mediaStorageFromEnv(bucketEnv, '/data/media')).toEqual({ kind: 's3', bucket: 'pictures', region: 'us-east-1', endpoint: undefined, forcePathStyle: false, credentials: undefined, publicUrl: 'https://cdn.example.net/pictures', prefix: 'site/' });
    expect(mediaStorageFromEnv({ ...bucketEnv, MEDIA_S3_ENDPOINT: 'http://minio:9000', MEDIA_S3_ACCESS_KEY_ID: 'k', MEDIA_S3_SECRET_ACCESS_KEY: 's' }, '/d')).toMatchObject({ forcePathStyle: true, credentials: { accessKeyId: 'k', secretAccessKey: 's' } });
  });

  it('refuses half a configuration, naming what is wrong', () => {
    expect(() => mediaStorageFromEnv({ MEDIA_S3_BUCKET: 'pictures' }, '/d')).toThrow(/MEDIA_S3_PUBLIC_URL is required with MEDIA_S3_BUCKET/);
    expect(() => mediaStorageFromEnv({ ...bucketEnv, MEDIA_S3_ACCESS_KEY_ID: 'k' }, '/d')).toThrow(/set both MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY/);
    expect(() => mediaStorageFromEnv({ ...bucketEnv, MEDIA_S3_PREFIX: '../x/' }, '/d')).toThrow(/MEDIA_S3_PREFIX must be folder names/);
  });

  it('puts /media/{path} at the same path below the prefix', () => {
    const bucket = mediaStorageFromEnv(bucketEnv, '/d') as Parameters<typeof mediaObjectUrl>[0];
    expect(mediaObjectKey(bucket, 'avatars/a.webp')).toBe('site/avatars/a.webp');
    expect(mediaObjectUrl(bucket, 'harbour%20at%20dawn.jpg')).toBe('https://cdn.example.net/pictures/site/harbour%20at%20dawn.jpg');
  });
});
