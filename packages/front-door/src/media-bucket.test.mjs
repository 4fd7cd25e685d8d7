import { request } from 'node:http';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaStorageFromEnv } from '@app/shared/server';
import { startTestBucket } from '@app/test-support/test-bucket';
import { MEDIA_CONTENT_SECURITY_POLICY } from './edge-table.mjs';
import { bucketMedia, mediaObjectPath } from './media-bucket.mjs';
import { listen, PUBLIC_HOST, testDoor } from './test-door.mjs';

// The door's /media/* read from a real S3-compatible server (s3rver), as `npm start` does with MEDIA_S3_* set.
const bucket = await startTestBucket('door-media');
const PICTURE = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
const put = (Key, Body, ContentType) => bucket.client.send(new PutObjectCommand({ Bucket: bucket.bucket, Key, Body, ContentType }));
let door;
let port;
const logged = [];

beforeAll(async () => {
  await put('site/harbour at dawn.svg', PICTURE, 'image/svg+xml');
  await put('site/avatars/abcdefghijklmnopqrstuvwx-64.webp', Buffer.from('RIFF....WEBP'), 'image/webp');
  await put('other/secret.txt', Buffer.from('not the site’s'), 'text/plain');
  const storage = mediaStorageFromEnv(bucket.env('site/'), '/unused');
  door = testDoor({ media: bucketMedia(storage, { log: (msg, extra) => logged.push({ msg, ...extra }) }) });
  port = await listen(door);
});
afterAll(async () => {
  door?.closeAllConnections();
  door?.close();
  await bucket.close();
});

/** A request as a browser sends it, the path untouched (no URL normalising on the way). */
function get(path, { method = 'GET', headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { host: PUBLIC_HOST, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the front door’s /media/* from the bucket (MEDIA_S3_*)', () => {
  it('answers a file below the prefix with its bytes and type, the edge’s cache and sandbox headers, and nothing of the bucket’s', async () => {
    const res = await get('/media/harbour%20at%20dawn.svg?v=2');
    expect(res.status).toBe(200);
    expect(res.body.equals(PICTURE)).toBe(true);
    expect(res.headers).toMatchObject({ 'content-type': 'image/svg+xml', 'content-length': String(PICTURE.length), 'cache-control': 'public, max-age=86400', 'content-security-policy': MEDIA_CONTENT_SECURITY_POLICY, 'x-content-type-options': 'nosniff' });
    expect(Object.keys(res.headers).filter((h) => h.startsWith('x-amz'))).toEqual([]);
    expect((await get('/media/avatars/abcdefghijklmnopqrstuvwx-64.webp')).status).toBe(200);
  });

  it('passes conditional and ranged reads through: 304 for the same ETag, 206 for a range, headers only for HEAD', async () => {
    const first = await get('/media/harbour%20at%20dawn.svg');
    const again = await get('/media/harbour%20at%20dawn.svg', { headers: { 'if-none-match': first.headers.etag } });
    expect([again.status, again.body.length]).toEqual([304, 0]);
    const part = await get('/media/harbour%20at%20dawn.svg', { headers: { range: 'bytes=0-3' } });
    expect([part.status, part.body.toString(), part.headers['content-range']]).toEqual([206, '<svg', `bytes 0-3/${PICTURE.length}`]);
    const head = await get('/media/harbour%20at%20dawn.svg', { method: 'HEAD' });
    expect([head.status, head.headers['content-length'], head.body.length]).toEqual([200, String(PICTURE.length), 0]);
  });

  it('answers "Not found" for a missing file and a write, and never reads outside the prefix', async () => {
    for (const path of ['/media/missing.png', '/media/']) {
      const res = await get(path);
      expect([res.status, res.body.toString()], path).toEqual([404, 'Not found']);
    }
    // Dot segments however spelled, NUL and bad escapes: refused by the door's routing (400) or by the handler (404).
    for (const path of ['/media/%2e%2e/other/secret.txt', '/media/..%2fother/secret.txt', '/media/a%5c..%5c..%5cother/secret.txt', '/media/%zz.png', '/media/%00.png']) {
      const res = await get(path);
      expect([400, 404], path).toContain(res.status);
      expect(res.body.toString(), path).not.toContain('not the site');
    }
    expect((await get('/media/harbour%20at%20dawn.svg', { method: 'DELETE' })).status).toBe(404);
    expect(await bucket.keys()).toContain('site/harbour at dawn.svg');
  });

  it('answers 502 while the bucket cannot be reached, and logs it', async () => {
    const down = testDoor({ media: bucketMedia({ publicUrl: 'http://127.0.0.1:9/door-media', prefix: 'site/' }, { log: (msg) => logged.push({ msg }) }) });
    const downPort = await listen(down);
    const res = await new Promise((resolve) => request({ host: '127.0.0.1', port: downPort, path: '/media/a.png', headers: { host: PUBLIC_HOST } }, (r) => { r.resume(); resolve(r); }).end());
    expect(res.statusCode).toBe(502);
    expect(logged.map((l) => l.msg)).toContain('media storage unavailable');
    down.close();
  });
});

describe('mediaObjectPath', () => {
  it('re-encodes each segment and refuses empty, dot and control segments', () => {
    expect(mediaObjectPath('/a%20b/c(1).png?x=1')).toBe('a%20b/c(1).png');
    for (const bad of ['/a//b.png', '/./a.png', '/a/../b.png', '/%2e%2e/b', '/a%2fb', '/a%5cb', '/%0a.png', 'a.png']) expect(mediaObjectPath(bad), bad).toBeNull();
  });
});
