import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { mediaStoreFromEnv } from '../src/integrations/media/media-from-env.ts';
import { appForThisFile } from './file-app.ts';
import { picture, postAvatar } from './profile-helpers.ts';
import { TEST_ORIGIN } from './test-app.ts';

// s3rver, an S3-compatible server from the npm registry, stands in for the bucket; the store is
// built from the same MEDIA_S3_* settings production reads, and spoken to with @aws-sdk/client-s3.
const BUCKET = 'better-self-media';
const s3Dir = mkdtempSync(path.join(tmpdir(), 's3rver-'));
const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
const { port } = await s3rver.run();
const endpoint = `http://127.0.0.1:${port}`;
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const env = {
  MEDIA_S3_BUCKET: BUCKET,
  MEDIA_S3_ENDPOINT: endpoint,
  MEDIA_S3_REGION: 'us-east-1',
  MEDIA_S3_ACCESS_KEY_ID: credentials.accessKeyId,
  MEDIA_S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  MEDIA_S3_PUBLIC_URL: `${endpoint}/${BUCKET}`,
  MEDIA_S3_PREFIX: 'site/',
};
const t = appForThisFile({ app: () => ({ overrides: { accounts: { media: mediaStoreFromEnv(env, TEST_ORIGIN) } } }) });
const s3 = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
const keys = async () => ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key).sort();

afterAll(async () => {
  await s3rver.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

describe('avatars in S3-compatible storage (MEDIA_S3_*)', () => {
  it('stores both sizes in the bucket below its prefix, answers the site’s own /media/ address (the edge reads the bucket), and removes replaced and deleted pictures', async () => {
    const ann = await t.member('s3_ann');
    const first = await postAvatar(t.app.base, ann.cookies, await picture(500, 300));
    expect(first.status).toBe(200);
    const url = first.body.avatarUrl as string;
    expect(url).toMatch(new RegExp(`^${TEST_ORIGIN}/media/avatars/[A-Za-z0-9_-]{24}-256\\.webp$`));
    const key = `site/${url.slice(`${TEST_ORIGIN}/media/`.length)}`;
    expect(await keys()).toEqual([key.replace('-256', '-64'), key].sort());
    const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    expect([object.ContentType, object.CacheControl]).toEqual(['image/webp', 'public, max-age=31536000, immutable']);
    // What the edge fetches for /media/avatars/…: the object's public address.
    const fetched = await fetch(`${env.MEDIA_S3_PUBLIC_URL}/${key}`);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).subarray(8, 12).toString('latin1')).toBe('WEBP');

    const second = await postAvatar(t.app.base, ann.cookies, await picture(200, 200, 'jpeg'), 'b.jpg', 'image/jpeg');
    const secondKey = `site/${(second.body.avatarUrl as string).slice(`${TEST_ORIGIN}/media/`.length)}`;
    expect(await keys()).toEqual([secondKey.replace('-256', '-64'), secondKey].sort());
    expect((await ann.get('/api/user')).body.avatarUrl).toBe(second.body.avatarUrl);

    expect((await ann.delete('/api/profile/avatar')).body.avatarUrl).toBeNull();
    expect(await keys()).toEqual([]);
  });

  it('refuses half a configuration at start', () => {
    expect(() => mediaStoreFromEnv({ MEDIA_S3_BUCKET: BUCKET }, TEST_ORIGIN)).toThrow(/MEDIA_S3_PUBLIC_URL is required/);
    expect(() => mediaStoreFromEnv({ ...env, MEDIA_S3_SECRET_ACCESS_KEY: undefined }, TEST_ORIGIN)).toThrow(/set both MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY/);
  });

  it('takes empty settings (compose’s `${MEDIA_S3_BUCKET:-}`) as unset: the media volume then', () => {
    const empty = { MEDIA_S3_BUCKET: '', MEDIA_S3_ENDPOINT: '', MEDIA_S3_PUBLIC_URL: '', MEDIA_S3_ACCESS_KEY_ID: '', MEDIA_S3_SECRET_ACCESS_KEY: '', MEDIA_S3_PREFIX: '', MEDIA_DIR: mkdtempSync(path.join(tmpdir(), 'empty-s3-')) };
    onTestFinished(() => rmSync(empty.MEDIA_DIR, { recursive: true, force: true }));
    const store = mediaStoreFromEnv(empty, TEST_ORIGIN);
    expect([store.kind, store.urlOf('avatars/a.webp')]).toEqual(['local', `${TEST_ORIGIN}/media/avatars/a.webp`]);
  });
});
