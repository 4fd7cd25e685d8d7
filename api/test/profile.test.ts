import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AVATAR_NOT_AN_IMAGE, AVATAR_TOO_LARGE, AVATAR_URL_INVALID } from '@app/shared/browser';
import { RESERVED_NAME_MESSAGE } from '@app/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { emailTokens, users } from '../src/db/schema/index.ts';
import { createLocalMediaStore } from '../src/integrations/media/local-media-store.ts';
import { browserClient } from './browser-client.ts';
import { appForThisFile } from './file-app.ts';
import { postAvatar, picture } from './profile-helpers.ts';
import { mailsTo } from './sign-up.ts';
import { TEST_ORIGIN } from './test-app.ts';

const mediaDir = mkdtempSync(path.join(tmpdir(), 'profile-media-'));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));
const t = appForThisFile({ app: () => ({ overrides: { accounts: { media: createLocalMediaStore({ dir: mediaDir, publicUrl: TEST_ORIGIN }) } } }) });
const avatarFiles = () => (existsSync(path.join(mediaDir, 'avatars')) ? readdirSync(path.join(mediaDir, 'avatars')).sort() : []);
const fileOf = (url: string) => path.join(mediaDir, new URL(url).pathname.replace(/^\/media\//, ''));

describe('the profile (GET and PUT /api/profile)', () => {
  it('sends visitors away and shows a member their display name, bio and avatar', async () => {
    expect((await browserClient(t.app.base).get('/api/profile')).status).toBe(401);
    const ann = await t.member('profile_ann');
    expect((await ann.get('/api/profile')).body).toEqual({ displayName: 'profile_ann', bio: '', avatarUrl: null });
  });

  // A typed avatar address is fetched and re-encoded: avatars.test.ts.
  it('saves a new name and bio, which the current user then carries', async () => {
    const ann = await t.member('profile_saver');
    const saved = await ann.put('/api/profile', { displayName: '  Ann Example ', bio: 'I write every morning.', avatarUrl: '' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ displayName: 'Ann Example', bio: 'I write every morning.', avatarUrl: null });
    expect((await ann.get('/api/user')).body).toMatchObject({ displayName: 'Ann Example', avatarUrl: null, avatar: null });
    expect((await ann.put('/api/profile', { displayName: 'Ann Example', bio: '', avatarUrl: '' })).body).toEqual({ displayName: 'Ann Example', bio: '', avatarUrl: null });
  });

  it('refuses a short name, a long bio, a name that imitates staff and avatar addresses that are not http(s)', async () => {
    const ann = await t.member('profile_rules');
    const put = (body: object) => ann.put('/api/profile', { displayName: 'Ann', bio: '', avatarUrl: '', ...body });
    expect((await put({ displayName: 'A' })).body.message).toContain('Display name must be at least 2 characters');
    expect((await put({ displayName: 'x'.repeat(51) })).body.message).toContain('Display name must be at most 50 characters');
    expect((await put({ bio: 'b'.repeat(251) })).body.message).toContain('Bio must be at most 250 characters');
    expect((await put({ bio: 'b'.repeat(250) })).status).toBe(200);
    expect((await put({ displayName: 'Support' })).body.message).toBe(RESERVED_NAME_MESSAGE);
    expect((await put({ displayName: 'Αdmin' /* Greek Alpha */ })).body.message).toBe(RESERVED_NAME_MESSAGE);
    expect((await put({ displayName: 'Admina Kim' })).status).toBe(200);
    for (const avatarUrl of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'https://img.example/a b.png', '/media/x.png', `https://img.example/${'a'.repeat(2000)}`, 'https://user:pw@img.example/a.png']) {
      const res = await put({ avatarUrl });
      expect({ avatarUrl, status: res.status, message: res.body.message }).toEqual({ avatarUrl, status: 400, message: expect.stringContaining(AVATAR_URL_INVALID) });
    }
    expect((await ann.get('/api/profile')).body.avatarUrl).toBeNull();
  });
});

describe('avatar upload (POST and DELETE /api/profile/avatar)', () => {
  it('re-encodes a picture to 256 and 64 px WebP squares under an unguessable name, shown on the member’s posts', async () => {
    const ann = await t.member('avatar_ann');
    const res = await postAvatar(t.app.base, ann.cookies, await picture(640, 400), 'holiday.png');
    expect(res.status).toBe(200);
    expect(res.body.avatarUrl).toMatch(/^http:\/\/localhost:3000\/media\/avatars\/[A-Za-z0-9_-]{24}-256\.webp$/);
    const large = await sharp(fileOf(res.body.avatarUrl)).metadata();
    expect([large.format, large.width, large.height]).toEqual(['webp', 256, 256]);
    const small = await sharp(fileOf(res.body.avatarUrl.replace('-256.webp', '-64.webp'))).metadata();
    expect([small.width, small.height]).toEqual([64, 64]);
    expect((await ann.get('/api/user')).body.avatarUrl).toBe(res.body.avatarUrl);
    await ann.post('/api/bulletin', { title: 'My new picture', content: 'Look at my brand new avatar, everyone.', category: 'General' });
    const posts = (await browserClient(t.app.base).get('/api/bulletin')).body as { title: string; author: { avatarUrl: string } }[];
    expect(posts.find((p) => p.title === 'My new picture')!.author.avatarUrl).toBe(res.body.avatarUrl.replace('-256.webp', '-64.webp'));
  });

  it('removes the previous picture on a new upload, and goes back to initials on DELETE', async () => {
    const ann = await t.member('avatar_swap');
    const first = (await postAvatar(t.app.base, ann.cookies, await picture(300, 300))).body.avatarUrl as string;
    const second = (await postAvatar(t.app.base, ann.cookies, await picture(300, 300, 'jpeg'), 'b.jpg', 'image/jpeg')).body.avatarUrl as string;
    expect(second).not.toBe(first);
    expect(existsSync(fileOf(first))).toBe(false);
    expect(existsSync(fileOf(second))).toBe(true);
    const cleared = await ann.delete('/api/profile/avatar');
    expect(cleared.body.avatarUrl).toBeNull();
    expect(existsSync(fileOf(second))).toBe(false);
    expect(existsSync(fileOf(second.replace('-256.webp', '-64.webp')))).toBe(false);
  });

  it('decides the type from the bytes: a renamed text file, an SVG and a PDF are refused', async () => {
    const ann = await t.member('avatar_types');
    const before = avatarFiles();
    for (const [bytes, name, type] of [
      [Buffer.from('just some text, not a picture'), 'photo.png', 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), 'logo.svg', 'image/svg+xml'],
      [Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n'), 'cv.pdf', 'application/pdf'],
      [Buffer.concat([(await picture(50, 50)).subarray(0, 40), Buffer.alloc(200)]), 'broken.png', 'image/png'],
    ] as const) {
      const res = await postAvatar(t.app.base, ann.cookies, bytes, name, type);
      expect({ name, status: res.status, message: res.body.message }).toEqual({ name, status: 400, message: AVATAR_NOT_AN_IMAGE });
    }
    expect(avatarFiles()).toEqual(before);
  });

  it('refuses more than 5 MB with the spec’s sentence, and shrinks a 4000×4000 photo', async () => {
    const ann = await t.member('avatar_sizes');
    const big = Buffer.concat([await picture(10, 10), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await postAvatar(t.app.base, ann.cookies, big);
    expect([tooBig.status, tooBig.body.message]).toEqual([413, AVATAR_TOO_LARGE]);
    const huge = await postAvatar(t.app.base, ann.cookies, await picture(4000, 4000, 'jpeg'), 'huge.jpg', 'image/jpeg');
    expect(huge.status).toBe(200);
    expect((await sharp(fileOf(huge.body.avatarUrl)).metadata()).width).toBe(256);
  });

  it('strips EXIF and GPS from a photo and keeps only the first frame of an animation', async () => {
    const ann = await t.member('avatar_meta');
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#cc8844' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'SECRET-OWNER-MARK', Artist: 'Ann' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('SECRET-OWNER-MARK');
    const res = await postAvatar(t.app.base, ann.cookies, photo, 'IMG_0001.jpg', 'image/jpeg');
    expect(res.status).toBe(200);
    for (const url of [res.body.avatarUrl, res.body.avatarUrl.replace('-256.webp', '-64.webp')]) {
      const meta = await sharp(fileOf(url)).metadata();
      expect([meta.exif, meta.xmp, meta.icc]).toEqual([undefined, undefined, undefined]);
      const { readFileSync } = await import('node:fs');
      expect(readFileSync(fileOf(url)).toString('latin1')).not.toMatch(/SECRET-OWNER-MARK|GPS/);
    }

    const frame = (colour: string) => sharp({ create: { width: 40, height: 40, channels: 3, background: colour } }).png().toBuffer();
    const gif = await sharp([await frame('#ff0000'), await frame('#00ff00'), await frame('#0000ff')], { join: { animated: true } }).gif().toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(3);
    const animated = await postAvatar(t.app.base, ann.cookies, gif, 'party.gif', 'image/gif');
    expect(animated.status).toBe(200);
    const out = await sharp(fileOf(animated.body.avatarUrl)).metadata();
    expect(out.pages ?? 1).toBe(1);
    const { data } = await sharp(fileOf(animated.body.avatarUrl)).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[1]).toBeLessThan(60);
  });
});

describe('changing the password (POST /api/profile/password)', () => {
  it('needs the current password, ends every other session, keeps this one and mails the member', async () => {
    const here = await t.member('pw_owner');
    const there = browserClient(t.app.base);
    expect((await there.post('/api/login', { username: 'pw_owner', password: 'pass-word-1' })).status).toBe(200);
    expect((await here.post('/api/profile/password', { currentPassword: 'wrong-one', newPassword: 'new-pass-2' })).body).toMatchObject({ message: 'Your current password is not correct.' });
    expect((await here.post('/api/profile/password', { currentPassword: 'pass-word-1', newPassword: 'short' })).body.message).toContain('Password must be at least 6 characters');
    expect((await there.get('/api/user')).status).toBe(200);

    const changed = await here.post('/api/profile/password', { currentPassword: 'pass-word-1', newPassword: 'new-pass-2' });
    expect(changed.status).toBe(200);
    expect((await there.get('/api/user')).status).toBe(401);
    expect((await here.get('/api/user')).status).toBe(200);
    expect((await browserClient(t.app.base).post('/api/login', { username: 'pw_owner', password: 'pass-word-1' })).status).toBe(401);
    expect((await browserClient(t.app.base).post('/api/login', { username: 'pw_owner', password: 'new-pass-2' })).status).toBe(200);
    expect((await mailsTo(t.testDb.db, 'pw_owner@example.com', /^Your Better Self password was changed$/)).length).toBe(1);
  });
});

describe('changing the email address (POST /api/profile/email)', () => {
  const linkIn = async (email: string) => {
    const mails = await mailsTo(t.testDb.db, email, /^Confirm your new Better Self email address$/);
    return decodeURIComponent(/email-token=(\S+)/.exec(mails.at(-1)!.text)![1]!);
  };

  it('mails a 30-minute link to the new address, tells the old one, and changes nothing until the link is opened once', async () => {
    const ann = await t.member('mail_mover');
    const asked = await ann.post('/api/profile/email', { currentPassword: 'pass-word-1', newEmail: 'New.Mover@Example.com' });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toContain('new.mover@example.com');
    const token = await linkIn('new.mover@example.com');
    const [row] = await t.testDb.db.select().from(emailTokens).where(eq(emailTokens.purpose, 'change')).orderBy(sql`created_at desc`).limit(1);
    expect(row!.tokenHash).not.toContain(token);
    expect(Math.abs(row!.expiresAt.getTime() - row!.createdAt.getTime() - 30 * 60 * 1000)).toBeLessThan(1000);
    expect((await mailsTo(t.testDb.db, 'mail_mover@example.com', /^A change of your Better Self email address was requested$/))[0]!.text).toContain('n•••@example.com');
    expect((await ann.get('/api/user')).body.email).toBe('mail_mover@example.com');

    const confirmed = await ann.post('/api/profile/email/confirm', { token });
    expect(confirmed.body).toEqual({ message: 'Your email address is now new.mover@example.com.' });
    expect((await ann.get('/api/user')).body).toMatchObject({ email: 'new.mover@example.com', emailConfirmed: true });
    expect((await ann.post('/api/profile/email/confirm', { token })).status).toBe(400);
  });

  it('refuses an expired link and a wrong password', async () => {
    const ann = await t.member('mail_late');
    expect((await ann.post('/api/profile/email', { currentPassword: 'nope-nope', newEmail: 'late@example.com' })).status).toBe(403);
    await ann.post('/api/profile/email', { currentPassword: 'pass-word-1', newEmail: 'late@example.com' });
    const token = await linkIn('late@example.com');
    await t.testDb.db.update(emailTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(emailTokens.email, 'late@example.com'));
    const res = await ann.post('/api/profile/email/confirm', { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('invalid, already used or expired');
    expect((await ann.get('/api/user')).body.email).toBe('mail_late@example.com');
  });

  it('answers a taken address exactly like a free one, sends it no link, and never lets two accounts confirm one address', async () => {
    await t.member('mail_owner');
    const prober = await t.member('mail_prober');
    const taken = await prober.post('/api/profile/email', { currentPassword: 'pass-word-1', newEmail: 'mail_owner@example.com' });
    const free = await prober.post('/api/profile/email', { currentPassword: 'pass-word-1', newEmail: 'free_box@example.com' });
    expect([taken.status, free.status]).toEqual([200, 200]);
    expect(taken.body.message).toBe(free.body.message.replace('free_box@example.com', 'mail_owner@example.com'));
    expect((await mailsTo(t.testDb.db, 'mail_owner@example.com', /^Someone tried to move a Better Self account to your address$/)).length).toBe(1);
    expect(await t.testDb.db.select().from(emailTokens).where(eq(emailTokens.email, 'mail_owner@example.com'))).toEqual([]);

    // Two members ask for the same free address; the first to confirm keeps it.
    const first = await t.member('mail_first');
    const second = await t.member('mail_second');
    await first.post('/api/profile/email', { currentPassword: 'pass-word-1', newEmail: 'shared@example.com' });
    const firstToken = await linkIn('shared@example.com');
    await second.post('/api/profile/email', { currentPassword: 'pass-word-1', newEmail: 'shared@example.com' });
    const mails = await mailsTo(t.testDb.db, 'shared@example.com', /^Confirm your new Better Self email address$/, 2);
    const secondToken = decodeURIComponent(/email-token=(\S+)/.exec(mails.at(-1)!.text)![1]!);
    expect((await second.post('/api/profile/email/confirm', { token: secondToken })).status).toBe(200);
    expect((await first.post('/api/profile/email/confirm', { token: firstToken })).status).toBe(409);
    expect((await first.get('/api/user')).body.email).toBe('mail_first@example.com');
  });
});

describe('downloading my data (GET /api/profile/export)', () => {
  it('answers a JSON attachment with the member’s own records, no session tokens, and is rate-limited', async () => {
    const ann = await t.member('export_ann');
    await ann.put('/api/profile', { displayName: 'Export Ann', bio: 'Bio for export', avatarUrl: '' });
    await ann.post('/api/bulletin', { title: 'Exported post', content: 'A post that must be in the export.', category: 'General' });
    await ann.post('/api/favorites/1');
    const res = await fetch(`${t.app.base}/api/profile/export`, { headers: { cookie: [...ann.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="better-self-data-export_ann-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.account).toMatchObject({ username: 'export_ann', displayName: 'Export Ann', bio: 'Bio for export', email: 'export_ann@example.com' });
    expect(data.bulletinPosts).toMatchObject([{ title: 'Exported post' }]);
    expect(data.savedVideos).toMatchObject([{ list: 'favorites', videoId: 1 }]);
    expect(data.sessions.length).toBeGreaterThan(0);
    for (const key of ['comments', 'chatMessages', 'reports', 'orders', 'subscriptions', 'payments', 'quizResults', 'gameScores']) expect(Array.isArray(data[key]), key).toBe(true);
    for (const token of [...ann.cookies.values()].filter((v) => v.length > 20)) expect(text).not.toContain(token);
    expect(text).not.toMatch(/passwordHash|idHash|tokenHash|clientSecret/);
    for (let i = 0; i < 4; i++) expect((await ann.get('/api/profile/export')).status).toBe(200);
    expect((await ann.get('/api/profile/export')).status).toBe(429);
  });
});

describe('the shareable profile (PUT /api/profile/sharing, GET /api/members/{username})', () => {
  it('is off by default, a Pro perk to switch on, and 404 for anyone without it', async () => {
    const visitor = browserClient(t.app.base);
    const free = await t.member('share_free');
    expect((await free.get('/api/profile/sharing')).body).toEqual({ publicProfile: false, searchIndexing: false, allowed: false, path: '/members/share_free' });
    expect((await free.put('/api/profile/sharing', { publicProfile: true, searchIndexing: false })).status).toBe(403);
    expect((await visitor.get('/api/members/share_free')).status).toBe(404);

    const pro = await t.member('share_pro', 'pro');
    await pro.put('/api/profile', { displayName: 'Pro Sharer', bio: 'Sharing is caring.', avatarUrl: '' });
    await pro.post('/api/bulletin', { title: 'Public thoughts', content: 'Shown on my public profile page.', category: 'Discussion' });
    expect((await visitor.get('/api/members/share_pro')).status).toBe(404);
    expect((await pro.put('/api/profile/sharing', { publicProfile: true, searchIndexing: false })).body).toMatchObject({ publicProfile: true, allowed: true });
    const shown = await visitor.get('/api/members/share_pro');
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ username: 'share_pro', displayName: 'Pro Sharer', bio: 'Sharing is caring.', membershipTier: 'pro', searchIndexing: false, recentPosts: [{ title: 'Public thoughts' }] });
    expect(shown.body).not.toHaveProperty('email');
    await pro.put('/api/profile/sharing', { publicProfile: true, searchIndexing: true });
    expect((await visitor.get('/api/members/share_pro')).body.searchIndexing).toBe(true);

    // A lapsed membership takes the page down; so does switching it off. Unknown names look the same.
    await t.testDb.db.update(users).set({ membershipTier: 'free' }).where(eq(users.username, 'share_pro'));
    expect((await visitor.get('/api/members/share_pro')).status).toBe(404);
    await t.testDb.db.update(users).set({ membershipTier: 'vip' }).where(eq(users.username, 'share_pro'));
    expect((await visitor.get('/api/members/share_pro')).status).toBe(200);
    await pro.put('/api/profile/sharing', { publicProfile: false, searchIndexing: false });
    const off = await visitor.get('/api/members/share_pro');
    const nobody = await visitor.get('/api/members/no_such_member');
    expect([off.status, nobody.status, off.body.message]).toEqual([404, 404, nobody.body.message]);
  });
});
