import { createServer, request } from 'node:http';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBucket } from '@app/test-support/test-bucket';
import { caddyMediaEnv } from './caddy.mjs';
import { MEDIA_CONTENT_SECURITY_POLICY } from './edge-table.mjs';
import { caddyRunner, listen } from './test-caddy.mjs';

// Caddy's /media/* read from a real S3-compatible server (s3rver), as several hosts run it
// (deploy/Caddyfile with MEDIA_S3_*: npm run start:multi-host): the same answers as the front
// door's (media-bucket.test.mjs), from the object below the prefix at the bucket's public address.
const bucket = await startTestBucket('caddy-media');
const PICTURE = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
const put = (Key, Body, ContentType) => bucket.client.send(new PutObjectCommand({ Bucket: bucket.bucket, Key, Body, ContentType }));
// The API and the site server: healthy, and "not found" for anything else (a path that leaves /media/ once cleaned is the site's).
const services = createServer((req, res) => res.writeHead(['/api/health', '/api/ready'].includes(req.url) ? 200 : 404).end('{}'));
let caddy;
let port;

beforeAll(async () => {
  await put('site/harbour at dawn.svg', PICTURE, 'image/svg+xml');
  await put('site/avatars/abcdefghijklmnopqrstuvwx-64.webp', Buffer.from('RIFF....WEBP'), 'image/webp');
  await put('other/secret.txt', Buffer.from('not the site’s'), 'text/plain');
  caddy = caddyRunner();
  const upstream = `127.0.0.1:${await listen(services)}`;
  port = await caddy.start({ API_UPSTREAMS: upstream, SITE_UPSTREAM: upstream, ...caddyMediaEnv(bucket.env('site/')) });
}, 60_000);
afterAll(async () => {
  caddy?.stopAll();
  services.close();
  await bucket.close();
});

/** A request as a browser sends it, the path untouched. */
function get(path, { method = 'GET', headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Caddy’s /media/* from the bucket (deploy/Caddyfile, MEDIA_S3_*)', () => {
  it('splits MEDIA_S3_PUBLIC_URL into the upstream and the objects’ path (with the prefix); nothing without a bucket', () => {
    expect(caddyMediaEnv({ MEDIA_S3_BUCKET: 'm', MEDIA_S3_PUBLIC_URL: 'http://10.77.0.2:4569/media', MEDIA_S3_PREFIX: '' })).toEqual({ MEDIA_S3_BUCKET: 'm', MEDIA_S3_UPSTREAM: 'http://10.77.0.2:4569', MEDIA_S3_PATH: '/media' });
    expect(caddyMediaEnv({ MEDIA_S3_BUCKET: 'm', MEDIA_S3_PUBLIC_URL: 'https://m.s3.eu-west-1.amazonaws.com/', MEDIA_S3_PREFIX: 'site/' })).toEqual({ MEDIA_S3_BUCKET: 'm', MEDIA_S3_UPSTREAM: 'https://m.s3.eu-west-1.amazonaws.com', MEDIA_S3_PATH: '/site' });
    expect(caddyMediaEnv({ MEDIA_S3_BUCKET: '' })).toEqual({ MEDIA_S3_BUCKET: '', MEDIA_S3_UPSTREAM: '', MEDIA_S3_PATH: '' });
  });

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

  it('answers "Not found" for a missing file, a folder and a write, and never reads outside the prefix or sends the bucket a query', async () => {
    for (const path of ['/media/missing.png', '/media/', '/media/avatars/']) {
      const res = await get(path);
      expect([res.status, res.body.toString()], path).toEqual([404, 'Not found']);
    }
    for (const path of ['/media/%2e%2e/other/secret.txt', '/media/..%2fother/secret.txt', '/media/a%5c..%5c..%5cother/secret.txt', '/media/x/../../other/secret.txt', '/media/%00.png']) {
      const res = await get(path);
      expect([400, 404], path).toContain(res.status);
      expect(res.body.toString(), path).not.toContain('not the site');
    }
    // A query the bucket would read as a request of its own (?acl, ?tagging, ?list-type…) is dropped.
    const acl = await get('/media/harbour%20at%20dawn.svg?acl');
    expect(acl.body.equals(PICTURE)).toBe(true);
    expect((await get('/media/harbour%20at%20dawn.svg', { method: 'DELETE' })).status).toBe(404);
    expect(await bucket.keys()).toContain('site/harbour at dawn.svg');
  });
});
