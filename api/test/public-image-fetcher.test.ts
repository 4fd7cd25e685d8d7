import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { ArticleImport, ImportResult } from '@app/shared/schemas';
import type { UserRow } from '../src/domain/accounts/user-dto.ts';
import { importArticles } from '../src/domain/articles/import-articles.ts';
import { createPublicImageFetcher, isPublicAddress } from '../src/integrations/public-image-fetcher.ts';

// A 1×1 PNG and a GIF header: real image bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to');
    if (url.pathname === '/redirect' && to) return void res.writeHead(302, { location: to }).end();
    if (url.pathname === '/loop') return void res.writeHead(301, { location: '/loop' }).end();
    if (url.pathname === '/cover.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    // Lies about its type: HTML served as a PNG.
    if (url.pathname === '/fake.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end('<html><script>alert(1)</script></html>');
    if (url.pathname === '/drawing.svg') return void res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    if (url.pathname === '/huge-declared.png') return void res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(6 * 1024 * 1024) }).end();
    if (url.pathname === '/huge-streamed.png') {
      // No length announced: the bytes are counted as they arrive.
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(PNG);
      const chunk = Buffer.alloc(256 * 1024);
      let sent = 0;
      const more = () => {
        while (sent < 7 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      res.on('error', () => {});
      return more();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

// Only this test's server counts as "public": everything else stays refused by the real rule.
const fetchFromTestServer = createPublicImageFetcher({ isPublic: (ip) => ip === '127.0.0.1' });
const realFetcher = createPublicImageFetcher();
const refusal = (p: Promise<unknown>) => p.then(() => 'fetched', (e: Error) => e.message);

describe('the public-address rule', () => {
  it('accepts public unicast addresses and refuses loopback, private, link-local, CGNAT, unique-local, mapped and NAT64 forms', () => {
    for (const ip of ['8.8.8.8', '151.101.1.69', '2606:4700::6810:84e5']) expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of ['127.0.0.1', '127.8.9.10', '10.0.0.5', '172.16.3.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '255.255.255.255', '224.0.0.1', '::1', '::', 'fe80::1', 'fd12::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::a9fe:a9fe', '2002:7f00:1::1', 'not-an-ip']) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });
});

describe('IPv6 forms that carry or stand for an IPv4 address', () => {
  const judged = (ips: string[]) => Object.fromEntries(ips.map((ip) => [ip, isPublicAddress(ip)]));

  it('refuses IPv4-compatible addresses (::a.b.c.d), whatever the IPv4 address inside', () => {
    expect(judged(['::8.8.8.8', '::808:808', '::127.0.0.1', '::7f00:1', '::169.254.169.254'])).toEqual({ '::8.8.8.8': false, '::808:808': false, '::127.0.0.1': false, '::7f00:1': false, '::169.254.169.254': false });
  });

  it('refuses local-use NAT64 (64:ff9b:1::/48) even around a public IPv4 address', () => {
    expect(judged(['64:ff9b:1::808:808', '64:ff9b:1:ffff::1', '64:ff9b:1::a9fe:a9fe'])).toEqual({ '64:ff9b:1::808:808': false, '64:ff9b:1:ffff::1': false, '64:ff9b:1::a9fe:a9fe': false });
  });

  it('judges IPv4-mapped and well-known NAT64 addresses by the IPv4 address they carry', () => {
    expect(judged(['::ffff:8.8.8.8', '::ffff:808:808', '::ffff:192.168.0.1', '::ffff:a9fe:a9fe', '64:ff9b::8.8.8.8', '64:ff9b::808:808', '64:ff9b::10.0.0.1', '64:ff9b::7f00:1'])).toEqual({
      '::ffff:8.8.8.8': true, '::ffff:808:808': true, '::ffff:192.168.0.1': false, '::ffff:a9fe:a9fe': false,
      '64:ff9b::8.8.8.8': true, '64:ff9b::808:808': true, '64:ff9b::10.0.0.1': false, '64:ff9b::7f00:1': false,
    });
  });

  it('refuses 6to4, Teredo and IPv4-translated forms, public IPv4 inside or not', () => {
    expect(judged(['2002:808:808::1', '2002:7f00:1::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001::808:808', '::ffff:0:8.8.8.8'])).toEqual({
      '2002:808:808::1': false, '2002:7f00:1::1': false, '2001:0:4136:e378:8000:63bf:3fff:fdd2': false, '2001::808:808': false, '::ffff:0:8.8.8.8': false,
    });
  });

  it('allows only global unicast IPv6: site-local, documentation, discard, SRv6 and other unassigned space are refused', () => {
    expect(judged(['2606:4700::6810:84e5', '2a00:1450:4001:80b::200e', 'fec0::1', '2001:db8::1', '3fff::1', '100::1', '5f00::1', '4000::1', 'fe80::1%eth0', 'ff02::1'])).toEqual({
      '2606:4700::6810:84e5': true, '2a00:1450:4001:80b::200e': true,
      'fec0::1': false, '2001:db8::1': false, '3fff::1': false, '100::1': false, '5f00::1': false, '4000::1': false, 'fe80::1%eth0': false, 'ff02::1': false,
    });
  });
});

describe('fetching an imported article’s picture', () => {
  it('refuses private and local addresses, by literal or by name, before connecting', async () => {
    const port = new URL(base).port;
    expect(await refusal(realFetcher(`${base}/cover.png`))).toBe(`the image ${base}/cover.png was not fetched: 127.0.0.1 is not a public address`);
    expect(await refusal(realFetcher('http://10.1.2.3/x.png'))).toMatch(/10\.1\.2\.3 is not a public address$/);
    expect(await refusal(realFetcher('http://169.254.169.254/latest/meta-data/'))).toMatch(/169\.254\.169\.254 is not a public address$/);
    expect(await refusal(realFetcher(`http://[::1]:${port}/cover.png`))).toMatch(/::1 is not a public address$/);
    expect(await refusal(realFetcher(`http://localhost:${port}/cover.png`))).toMatch(/localhost is not a public address$/);
    expect(await refusal(realFetcher('file:///etc/passwd'))).toMatch(/only http and https addresses are fetched$/);
    expect(await refusal(realFetcher('ftp://example.com/x.png'))).toMatch(/only http and https addresses are fetched$/);
  });

  it('fetches an image from a public address, named for its real type', async () => {
    expect(await fetchFromTestServer(`${base}/cover.png?v=2`)).toEqual({ name: 'cover.png', mimetype: 'image/png', data: PNG });
  });

  it('checks every redirect again: a public address that redirects to a private one is refused', async () => {
    const port = new URL(base).port;
    expect(await refusal(fetchFromTestServer(`${base}/redirect?to=${encodeURIComponent(`${base}/cover.png`)}`))).toBe('fetched');
    expect(await refusal(fetchFromTestServer(`${base}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`))).toMatch(/169\.254\.169\.254 is not a public address$/);
    expect(await refusal(fetchFromTestServer(`${base}/redirect?to=${encodeURIComponent(`http://127.0.0.2:${port}/cover.png`)}`))).toMatch(/127\.0\.0\.2 is not a public address$/);
    expect(await refusal(fetchFromTestServer(`${base}/loop`))).toMatch(/too many redirects$/);
  });

  it('refuses what is not a PNG, JPEG, GIF or WebP whatever its headers say, and anything over 5 MB', async () => {
    expect(await refusal(fetchFromTestServer(`${base}/fake.png`))).toMatch(/it is not a PNG, JPEG, GIF or WebP image$/);
    expect(await refusal(fetchFromTestServer(`${base}/drawing.svg`))).toMatch(/it is not a PNG, JPEG, GIF or WebP image$/);
    expect(await refusal(fetchFromTestServer(`${base}/huge-declared.png`))).toMatch(/the image is larger than 5 MB$/);
    expect(await refusal(fetchFromTestServer(`${base}/huge-streamed.png`))).toMatch(/the image is larger than 5 MB$/);
    expect(await refusal(fetchFromTestServer(`${base}/missing.png`))).toMatch(/the server answered 404$/);
  });

  it('gives a WordPress post its featured image from the attachment’s address, and imports the post without one it may not fetch', async () => {
    const xml = (await readFile(path.join(import.meta.dirname, 'fixtures', 'article-import', 'wordpress-export.xml'), 'utf8')).replace('https://calm.example.com/wp-content/uploads/2024/03/lake.png', `${base}/cover.png`);
    const admin = { id: 1, role: 'admin', accountStatus: 'active', membershipTier: 'free' } as UserRow;
    const written: ArticleImport[] = [];
    const sink = { create: async (a: ArticleImport) => (written.push(a), { id: written.length }), importTargets: async () => ({ categories: [], articles: [] }) };
    const options = { onDuplicate: 'skip' as const, defaultCategory: 'mindset', includePages: false, dryRun: false };
    const dir = await mkdtemp(path.join(tmpdir(), 'wp-import-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'wp.xml');
    await writeFile(file, xml);
    const upload = { name: 'wp.xml', mimetype: 'text/xml', path: file, size: Buffer.byteLength(xml) };
    await importArticles(admin, upload, options, { sink, fetchImage: fetchFromTestServer });
    expect(written.find((a) => a.sourceSlug === 'box-breathing')!.thumbnail).toEqual({ name: 'cover.png', mimetype: 'image/png', base64: PNG.toString('base64'), source: `${base}/cover.png` });

    written.length = 0;
    const result = (await importArticles(admin, upload, options, { sink, fetchImage: realFetcher })) as ImportResult;
    expect(written.find((a) => a.sourceSlug === 'box-breathing')!.thumbnail).toBeNull();
    // The report says all the preview said of the post: its reading, and the picture it came without.
    expect(result.warnings).toEqual([
      { file: 'wp.xml › box-breathing', message: 'Removed template tags that cannot be shown here: [gallery]' },
      { file: 'wp.xml › box-breathing', message: `the image ${base}/cover.png was not fetched: 127.0.0.1 is not a public address; imported without a picture` },
    ]);
  });
});
