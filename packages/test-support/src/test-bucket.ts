import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3-compatible server (s3rver, from the npm registry) with one empty bucket, for tests of
 * the media storage (MEDIA_S3_*): `env(prefix)` is what a deployment would set, `keys()` what the
 * bucket holds, `bytes(key)` an object's body.
 */
export async function startTestBucket(bucket: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  const keys = async (prefix = '') => ((await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }))).Contents ?? []).map((o) => o.Key!).sort();
  return {
    bucket,
    endpoint,
    client,
    env: (prefix = '') => ({
      MEDIA_S3_BUCKET: bucket,
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_REGION: 'us-east-1',
      MEDIA_S3_ACCESS_KEY_ID: credentials.accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      MEDIA_S3_PUBLIC_URL: `${endpoint}/${bucket}`,
      MEDIA_S3_PREFIX: prefix,
    }),
    keys,
    async bytes(key: string) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async empty() {
      const all = await keys();
      if (all.length) await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: all.map((Key) => ({ Key })) } }));
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
