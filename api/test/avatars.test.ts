import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttleEvents, users } from '../src/db/schema/index.ts';
import { setAvatar, storeAvatarFiles } from '../src/domain/profile/avatar-files.ts';
import { AVATAR_TOO_MANY_PIXELS, readAvatarImage } from '../src/domain/profile/avatar-image.ts';
import { createResizeSlots } from '../src/domain/profile/avatar-limits.ts';
import { createLocalMediaStore } from '../src/integrations/media/local-media-store.ts';
import { createPublicImageFetcher } from '../src/integrations/public-image-fetcher.ts';
import { AppError } from '../src/lib/app-error.ts';
import { appForThisFile } from './file-app.ts';
import { picture } from './profile-helpers.ts';
import { TEST_ORIGIN } from './test-app.ts';

const mediaDir = mkdtempSync(path.join(tmpdir(), 'avatar-media-'));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));
const media = createLocalMediaStore({ dir: mediaDir, publicUrl: TEST_ORIGIN });
const LIMITS = { perMemberPerHour: 4, perAddressPerHour: 8, resizesPerInstance: 2 };
// Only the picture server below counts as "public"; every other address stays refused by the real rule.
const t = appForThisFile({ app: () => ({ overrides: { accounts: { media, avatarLimits: LIMITS, fetchAvatar: createPublicImageFetcher({ isPublic: (ip) => ip === '127.0.0.1' }) } } }) });

const avatarFiles = () => (existsSync(path.join(mediaDir, 'avatars')) ? readdirSync(path.join(mediaDir, 'avatars')).sort() : []);
const fileOf = (url: string) => path.join(mediaDir, new URL(url).pathname.replace(/^\/media\//, ''));
const keyOf = async (username: string) => (await t.testDb.db.select({ key: users.avatarKey }).from(users).where(eq(users.username, username)))[0]!.key;
/** The files one member's current avatar should have, and nothing else of theirs. */
const filesOfKey = (key: string | null) => (key ? [`${key}-256.webp`, `${key}-64.webp`].sort() : []);

/** Noise compresses badly, so resizing it takes real work (parallel requests overlap). */
async function noisyPicture(side: number): Promise<Buffer> {
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } }).png().toBuffer();
}

let pictureServer: Server;
let pictureBase = '';
const served: string[] = [];
let portrait: Buffer;
beforeAll(async () => {
  portrait = await picture(600, 400, 'jpeg');
  pictureServer = createServer((req, res) => {
    served.push(req.url ?? '');
    if (req.url === '/me.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(portrait);
    if (req.url === '/notes.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end('not a picture at all');
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => pictureServer.listen(0, '127.0.0.1', r));
  pictureBase = `http://127.0.0.1:${(pictureServer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => pictureServer.close(() => r())));

/** A signed-in member whose requests come from `address` (the test app trusts X-Forwarded-For from loopback, as behind our proxy). */
async function memberAt(username: string, address: string) {
  const client = await t.member(username);
  const headers = () => ({ origin: TEST_ORIGIN, 'x-forwarded-for': address, cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') });
  const answer = async (res: Response) => ({ status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() });
  return {
    client,
    upload(bytes: Buffer) {
      const form = new FormData();
      form.append('avatar', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'me.png');
      return fetch(`${t.app.base}/api/profile/avatar`, { method: 'POST', body: form, headers: headers() }).then(answer);
    },
    setProfile(body: { displayName: string; bio?: string; avatarUrl: string }) {
      return fetch(`${t.app.base}/api/profile`, { method: 'PUT', body: JSON.stringify({ bio: '', ...body }), headers: { ...headers(), 'content-type': 'application/json' } }).then(answer);
    },
  };
}

describe('limits on avatar uploads (issue 34)', () => {
  it('runs one upload per member at a time: parallel uploads get 429 with Retry-After in the error shape, and leave no orphan files', async () => {
    const ann = await memberAt('limit_parallel', '203.0.113.1');
    const before = avatarFiles();
    const bytes = await noisyPicture(1600);
    const answers = await Promise.all(Array.from({ length: 6 }, () => ann.upload(bytes)));
    const refused = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    for (const r of refused) {
      expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(r.body).toMatchObject({ code: 'too_many_requests', message: expect.stringMatching(/^(Your last picture is still being processed|You have changed your picture many times)\. Please (try again in|wait) \d+ seconds?/) });
    }
    const key = await keyOf('limit_parallel');
    expect(avatarFiles().filter((f) => !before.includes(f))).toEqual(filesOfKey(key));
  });

  it('refuses an upload while the member’s picture is being processed on another instance', async () => {
    const ann = await memberAt('limit_lease', '203.0.113.2');
    const [row] = await t.testDb.db.select({ id: users.id }).from(users).where(eq(users.username, 'limit_lease'));
    // What an upload in flight elsewhere holds: the member's lease in the attempts table.
    await t.testDb.db.insert(throttleEvents).values({ key: `avatar-busy:${row!.id}` });
    const refused = await ann.upload(await picture(200, 200));
    expect([refused.status, refused.body.code]).toEqual([429, 'too_many_requests']);
    expect(refused.body.message).toMatch(/^Your last picture is still being processed\. Please try again in \d+ seconds\.$/);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(30);
    await t.testDb.db.delete(throttleEvents).where(eq(throttleEvents.key, `avatar-busy:${row!.id}`));
    expect((await ann.upload(await picture(200, 200))).status).toBe(200);
  });

  it('allows a member so many uploads an hour, removing every superseded picture as it goes', async () => {
    const ann = await memberAt('limit_member', '203.0.113.3');
    const before = avatarFiles();
    const urls: string[] = [];
    for (let i = 0; i < LIMITS.perMemberPerHour; i++) {
      const res = await ann.upload(await picture(100 + i, 100));
      expect(res.status).toBe(200);
      urls.push(res.body.avatarUrl);
    }
    const refused = await ann.upload(await picture(120, 120));
    expect([refused.status, refused.body.code]).toEqual([429, 'too_many_requests']);
    expect(refused.body.message).toMatch(/^You have changed your picture many times\. Please wait \d+ minutes and try again\.$/);
    expect(Number(refused.retryAfter)).toBeGreaterThan(60);
    expect(urls.slice(0, -1).map((u) => existsSync(fileOf(u)))).toEqual([false, false, false]);
    expect(avatarFiles().filter((f) => !before.includes(f))).toEqual(filesOfKey(await keyOf('limit_member')));
    expect((await ann.client.get('/api/profile')).body.avatarUrl).toBe(urls.at(-1));
  });

  it('allows one address so many uploads an hour, whichever members send them', async () => {
    const address = '198.51.100.7';
    const first = await memberAt('limit_address_a', address);
    const second = await memberAt('limit_address_b', address);
    for (let i = 0; i < LIMITS.perMemberPerHour; i++) expect((await first.upload(await picture(80, 80))).status).toBe(200);
    for (let i = 0; i < LIMITS.perAddressPerHour - LIMITS.perMemberPerHour; i++) expect((await second.upload(await picture(80, 80))).status).toBe(200);
    const refused = await second.upload(await picture(80, 80));
    expect([refused.status, refused.body.code]).toEqual([429, 'too_many_requests']);
    expect(Number(refused.retryAfter)).toBeGreaterThan(60);
    const elsewhere = await memberAt('limit_address_c', '198.51.100.8');
    expect((await elsewhere.upload(await picture(80, 80))).status).toBe(200);
  });

  it('runs at most a few resizes per instance and answers the rest 429 at once', async () => {
    const slots = createResizeSlots(2);
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const running = [slots.run(() => held), slots.run(() => held)];
    const third = await slots.run(async () => 'ran').catch((e: unknown) => e);
    expect(third).toBeInstanceOf(AppError);
    expect(third).toMatchObject({ code: 'too_many_requests', message: 'Many pictures are being processed right now. Please try again in 2 seconds.', details: { retryAfter: 2 } });
    release();
    await Promise.all(running);
    expect(await slots.run(async () => 'ran')).toBe('ran');
  });
});

describe('the pixel limit for avatars', () => {
  it('refuses a picture over 16 megapixels with a clear 400, a tiny 48-megapixel PNG included, and keeps nothing of it', async () => {
    const ann = await memberAt('pixels_big', '203.0.113.4');
    const before = avatarFiles();
    // One colour: 48 million pixels in a few hundred kilobytes.
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#336699' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    for (const bytes of [bomb, await picture(5000, 4000)]) {
      const res = await ann.upload(bytes);
      expect([res.status, res.body]).toEqual([400, { message: AVATAR_TOO_MANY_PIXELS, code: 'bad_request' }]);
    }
    expect(avatarFiles()).toEqual(before);
  });

  it('takes a picture of exactly 16 megapixels', async () => {
    const images = await readAvatarImage(await picture(4096, 4096, 'jpeg'));
    expect((await sharp(images.large).metadata()).width).toBe(256);
    await expect(readAvatarImage(await picture(4097, 4096, 'jpeg'))).rejects.toMatchObject({ code: 'bad_request', message: AVATAR_TOO_MANY_PIXELS });
  });
});

describe('no orphan files when changes race', () => {
  it('removes exactly what each change replaced, so racing uploads leave only the winner’s files', async () => {
    await t.member('race_direct');
    const [row] = await t.testDb.db.select({ id: users.id }).from(users).where(eq(users.username, 'race_direct'));
    const deps = { db: t.testDb.db, media, logger: pino({ level: 'silent' }) };
    const images = await readAvatarImage(await picture(300, 300));
    const before = avatarFiles();
    for (let round = 0; round < 3; round++) {
      await Promise.all(Array.from({ length: 5 }, async () => setAvatar(deps, row!.id, await storeAvatarFiles(deps, images))));
    }
    expect(avatarFiles().filter((f) => !before.includes(f))).toEqual(filesOfKey(await keyOf('race_direct')));
    await Promise.all([setAvatar(deps, row!.id, null), setAvatar(deps, row!.id, await storeAvatarFiles(deps, images))]);
    expect(avatarFiles().filter((f) => !before.includes(f))).toEqual(filesOfKey(await keyOf('race_direct')));
  });
});

describe('a typed avatar address is fetched once and served as our copy', () => {
  it('stores our re-encoded copy, points the avatar at our media and never asks the member’s host again', async () => {
    const ann = await memberAt('typed_ann', '203.0.113.5');
    served.length = 0;
    const saved = await ann.setProfile({ displayName: 'Typed Ann', avatarUrl: `${pictureBase}/me.jpg` });
    expect(saved.status).toBe(200);
    expect(saved.body.avatarUrl).toMatch(/^http:\/\/localhost:3000\/media\/avatars\/[A-Za-z0-9_-]{24}-256\.webp$/);
    const meta = await sharp(fileOf(saved.body.avatarUrl)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    expect(existsSync(fileOf(saved.body.avatarUrl.replace('-256.webp', '-64.webp')))).toBe(true);
    expect(served).toEqual(['/me.jpg']);

    const user = (await ann.client.get('/api/user')).body;
    expect(user).toMatchObject({ displayName: 'Typed Ann', avatarUrl: saved.body.avatarUrl, avatar: saved.body.avatarUrl });
    // Saving the form again sends our address back: nothing is fetched or replaced.
    const again = await ann.setProfile({ displayName: 'Typed Ann Again', avatarUrl: saved.body.avatarUrl });
    expect(again.body).toEqual({ displayName: 'Typed Ann Again', bio: '', avatarUrl: saved.body.avatarUrl });
    expect(served).toEqual(['/me.jpg']);
    expect(existsSync(fileOf(saved.body.avatarUrl))).toBe(true);
  });

  it('refuses an address that is not a picture or not public with a clear 400, changing nothing', async () => {
    // Each try counts towards the member's hourly limit, so two members share the cases.
    for (const [username, cases] of [
      ['typed_refused', [[`${pictureBase}/notes.png`, 'it is not a PNG, JPEG, GIF or WebP image'], [`${pictureBase}/missing.png`, 'the server answered 404']]],
      ['typed_private', [['http://10.0.0.8/me.png', '10.0.0.8 is not a public address'], ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is not a public address']]],
    ] as const) {
      const ann = await memberAt(username, '203.0.113.6');
      const kept = (await ann.upload(await picture(200, 200))).body.avatarUrl as string;
      const before = avatarFiles();
      for (const [avatarUrl, reason] of cases) {
        const res = await ann.setProfile({ displayName: 'Someone Else', avatarUrl });
        expect({ avatarUrl, status: res.status, body: res.body }).toEqual({ avatarUrl, status: 400, body: { message: `The picture at that address could not be used: ${reason}.`, code: 'bad_request' } });
      }
      expect(avatarFiles()).toEqual(before);
      expect((await ann.client.get('/api/profile')).body).toEqual({ displayName: username, bio: '', avatarUrl: kept });
    }
  });

  it('replaces an upload with a typed address and back, and empties it, leaving no files behind', async () => {
    const ann = await memberAt('typed_swap', '203.0.113.9');
    const before = avatarFiles();
    const uploaded = (await ann.upload(await picture(300, 300))).body.avatarUrl as string;
    const typed = (await ann.setProfile({ displayName: 'Swap', avatarUrl: `${pictureBase}/me.jpg` })).body.avatarUrl as string;
    expect(typed).not.toBe(uploaded);
    expect(existsSync(fileOf(uploaded))).toBe(false);
    const uploadedAgain = (await ann.upload(await picture(300, 300))).body.avatarUrl as string;
    expect(existsSync(fileOf(typed))).toBe(false);
    expect(avatarFiles().filter((f) => !before.includes(f))).toEqual(filesOfKey(await keyOf('typed_swap')));
    const emptied = await ann.setProfile({ displayName: 'Swap', avatarUrl: '' });
    expect(emptied.body.avatarUrl).toBeNull();
    expect(existsSync(fileOf(uploadedAgain))).toBe(false);
    expect(avatarFiles()).toEqual(before);
  });
});

describe('the user object’s avatar (spec 02 §3)', () => {
  it('is null without a picture, our media address with one, alongside avatarUrl', async () => {
    const ann = await memberAt('dto_avatar', '203.0.113.10');
    expect((await ann.client.get('/api/user')).body).toMatchObject({ avatar: null, avatarUrl: null });
    const url = (await ann.upload(await picture(200, 200))).body.avatarUrl as string;
    expect((await ann.client.get('/api/user')).body).toMatchObject({ avatar: url, avatarUrl: url });
    expect(url.startsWith(`${TEST_ORIGIN}/media/avatars/`)).toBe(true);
    await ann.client.delete('/api/profile/avatar');
    expect((await ann.client.get('/api/user')).body).toMatchObject({ avatar: null, avatarUrl: null });
  });
});
