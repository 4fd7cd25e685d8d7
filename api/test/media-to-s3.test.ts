import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaObjectUrl, mediaStorageFromEnv } from '@app/shared/server';
import { createFreshDatabase } from '@app/test-support/fresh-database';
import { startTestBucket } from '@app/test-support/test-bucket';

// `npm run media:to-s3` as an operator runs it: the command (api/src/scripts/media-to-s3.ts) in its
// own process, a media folder as the CMS and the API wrote it, a real S3-compatible server (s3rver),
// and a database with the CMS's own schema (its migrations, run by Payload's CLI) and Media rows.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);
const bucket = await startTestBucket('moved-media');
const env = bucket.env('shop/');
const storage = mediaStorageFromEnv(env, '/unused');
if (storage.kind !== 's3') throw new Error('the test bucket is not configured');
const mediaDir = mkdtempSync(path.join(tmpdir(), 'media-to-s3-'));
const AVATAR = 'avatars/abcdefghijklmnopqrstuvwx-256.webp';
const FILES: Record<string, string> = {
  'harbour.jpg': 'the harbour, 2000 wide',
  'harbour-480x240.jpg': 'the harbour, 480 wide',
  'boats at dawn.png': 'boats',
  [AVATAR]: 'RIFF an avatar WEBP',
};
let db: Awaited<ReturnType<typeof createFreshDatabase>>;

async function mediaToS3(extraEnv: Record<string, string> = {}) {
  const result = await run(process.execPath, [path.join(root, 'api/src/scripts/media-to-s3.ts')], { cwd: root, env: { ...process.env, ...env, MEDIA_DIR: mediaDir, DATABASE_URL: db.url, ...extraEnv } }).catch((err: { code: number; stdout: string; stderr: string }) => err);
  return { code: 'code' in result ? result.code : 0, out: `${result.stdout}${result.stderr}` };
}
const sql = async (text: string, values: unknown[] = []) => {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
};

beforeAll(async () => {
  for (const [name, body] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(mediaDir, name)), { recursive: true });
    writeFileSync(path.join(mediaDir, name), body);
  }
  writeFileSync(path.join(mediaDir, '.DS_Store'), 'a desktop’s own file');
  db = await createFreshDatabase();
  const payloadBin = [path.join(root, 'cms/node_modules/payload/bin.js'), path.join(root, 'node_modules/payload/bin.js')].find((f) => existsSync(f))!;
  await run(process.execPath, [payloadBin, 'migrate'], { cwd: path.join(root, 'cms'), env: { ...process.env, DATABASE_URL: db.url, PAYLOAD_SECRET: 'media-to-s3-test', MEDIA_DIR: mediaDir } });
  await sql(`insert into cms.media (alt, filename, mime_type, sizes_small_filename, updated_at, created_at) values ('A harbour', 'harbour.jpg', 'image/jpeg', 'harbour-480x240.jpg', now(), now()), ('Boats', 'boats at dawn.png', 'image/png', null, now(), now())`);
}, 120_000);
afterAll(async () => {
  await db?.drop();
  await bucket.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

describe('npm run media:to-s3', () => {
  it('copies the folder below the prefix, where /media/ addresses find each file, and checks every Media row', async () => {
    const first = await mediaToS3();
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain('4 files copied');
    expect(first.out).toContain('every CMS Media file is in the bucket');
    expect(await bucket.keys()).toEqual(Object.keys(FILES).map((f) => `shop/${f}`).sort());
    for (const [name, body] of Object.entries(FILES)) expect((await bucket.bytes(`shop/${name}`)).toString()).toBe(body);
    // What the edge fetches for /media/boats%20at%20dawn.png, the address pages already name.
    const served = await fetch(mediaObjectUrl(storage, 'boats%20at%20dawn.png'));
    expect([served.status, served.headers.get('content-type'), await served.text()]).toEqual([200, 'image/png', 'boats']);
    const avatar = await bucket.client.send(new HeadObjectCommand({ Bucket: bucket.bucket, Key: `shop/${AVATAR}` }));
    expect([avatar.ContentType, avatar.CacheControl]).toEqual(['image/webp', 'public, max-age=31536000, immutable']);
  });

  it('copies nothing when run again, and only a file that changed after that', async () => {
    const second = await mediaToS3();
    expect(second.code, second.out).toBe(0);
    expect(second.out).toContain('0 files copied (0.0 MB), 4 already in the bucket');

    // The same size, other bytes: the ETag (the object's MD5) tells them apart.
    writeFileSync(path.join(mediaDir, 'harbour.jpg'), FILES['harbour.jpg']!.replace('2000', '2001'));
    const third = await mediaToS3();
    expect(third.out).toContain('1 files copied');
    expect((await bucket.bytes('shop/harbour.jpg')).toString()).toBe('the harbour, 2001 wide');
  });

  it('fails naming a Media row whose file is in neither the folder nor the bucket', async () => {
    await sql(`insert into cms.media (alt, filename, mime_type, updated_at, created_at) values ('Lost', 'lost.png', 'image/png', now(), now())`);
    const res = await mediaToS3();
    expect(res.code).toBe(1);
    expect(res.out).toMatch(/1 files of CMS Media rows are in neither the folder nor the bucket:\n {2}\d+: lost\.png/);
  });

  it('refuses to run without a bucket to fill, or with half a configuration', async () => {
    const none = await mediaToS3({ MEDIA_S3_BUCKET: '' });
    expect([none.code, none.out]).toEqual([1, expect.stringContaining('set MEDIA_S3_BUCKET and MEDIA_S3_PUBLIC_URL')]);
    const half = await mediaToS3({ MEDIA_S3_PUBLIC_URL: '' });
    expect([half.code, half.out]).toEqual([1, expect.stringContaining('MEDIA_S3_PUBLIC_URL is required with MEDIA_S3_BUCKET')]);
  });
});
