import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedVideos } from '../src/db/schema/index.ts';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { createCmsVideoSink } from '../src/integrations/youtube/cms-video-sink.ts';
import { createYouTubeClient } from '../src/integrations/youtube/youtube-client.ts';
import { scheduleJob } from '../src/jobs/schedule-job.ts';
import { videoSyncJob } from '../src/jobs/video-sync-job.ts';
import { browserClient } from './browser-client.ts';
import { signInStaff } from './second-factor-helpers.ts';
import { appForThisFile } from './file-app.ts';
import { startFakeYouTube, type FakeChannelVideo } from '@app/test-support/fake-youtube';
import { sampleRecords } from './fixtures.ts';
import { silentLogger, startTestApp, TEST_SECRET } from './test-app.ts';

let youtube: Awaited<ReturnType<typeof startFakeYouTube>>;
const KEY = 'test-youtube-key';
const channelVideos = (n: number, prefix = 'yt'): FakeChannelVideo[] => Array.from({ length: n }, (_, i) => ({ id: `${prefix}${String(i).padStart(4, '0')}`, title: `Channel video ${i}`, description: `Lesson ${i}`, duration: 'PT9M58S', views: 100 + i }));
const videoSync = () => ({ channel: createYouTubeClient({ apiKey: KEY, baseUrl: youtube.url, timeoutMs: 400 }), sink: createCmsVideoSink(t.cms.url, TEST_SECRET), defaultChannel: '@betterself' });

// The channel's stand-in starts first: the app is built with a client for it.
beforeAll(async () => {
  youtube = await startFakeYouTube({ key: KEY, handle: '@betterself', videos: channelVideos(3), pageSize: 20 });
});
afterAll(async () => youtube?.close());
const t = appForThisFile({
  records: () => {
    const records = sampleRecords();
    records.videos.push(
      { id: 2, title: 'Pro deep dive', description: 'For members', videoUrl: 'https://www.youtube.com/watch?v=prodeep', externalId: 'prodeep', membershipRequired: 'pro', createdAt: '2026-02-01T00:00:00.000Z' },
      { id: 3, title: 'Evening wind-down', description: 'Sleep better', videoUrl: 'https://www.youtube.com/watch?v=evening', externalId: 'evening', createdAt: '2026-03-01T00:00:00.000Z' },
    );
    return records;
  },
  app: () => ({ overrides: { content: { videoSync: videoSync() } } }),
});
const member = t.member;

describe('the video list and one video', () => {
  it('shows everyone every video but the player of a gated one only to its tier', async () => {
    const visitor = (await browserClient(t.app.base).get('/api/youtube/videos')).body;
    expect(visitor.find((v: { id: number }) => v.id === 2)).toMatchObject({ title: 'Pro deep dive', videoUrl: null, externalId: null, imageUrl: '/video-locked.svg' });
    expect(visitor.find((v: { id: number }) => v.id === 3)).toMatchObject({ videoUrl: 'https://www.youtube.com/watch?v=evening', duration: '00:00' });
    const pro = await member('vid_pro', 'pro');
    expect((await pro.get('/api/youtube/videos')).body.find((v: { id: number }) => v.id === 2)).toMatchObject({ videoUrl: 'https://www.youtube.com/watch?v=prodeep', externalId: 'prodeep' });

    expect((await browserClient(t.app.base).get('/api/youtube/videos/2')).body).toMatchObject({ locked: true, videoUrl: null, lockedReason: 'This video is for Pro members.' });
    expect((await pro.get('/api/youtube/videos/2')).body).toMatchObject({ locked: false, externalId: 'prodeep' });
    expect((await pro.get('/api/youtube/videos/999')).status).toBe(404);
    expect((await pro.get('/api/youtube/videos/abc')).status).toBe(404);
  });
});

describe('a gated video’s YouTube id', () => {
  it('appears nowhere in what visitors and free members get: the list, the video, search and saved lists', async () => {
    const visitor = browserClient(t.app.base);
    const free = await member('vid_free_eyes');
    await free.post('/api/favorites/2');
    await free.post('/api/watch-later/2');
    const answers = [
      await visitor.get('/api/youtube/videos'), await visitor.get('/api/youtube/videos/2'), await visitor.get('/api/search?q=deep'),
      await free.get('/api/youtube/videos'), await free.get('/api/youtube/videos/2'), await free.get('/api/favorites'), await free.get('/api/watch-later'),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).toContain('Pro deep dive');
      expect(JSON.stringify(answer.body)).not.toContain('prodeep');
    }
    // Its Pro members get everything.
    expect(JSON.stringify((await (await member('vid_pro_eyes', 'pro')).get('/api/youtube/videos/2')).body)).toContain('prodeep');
  });
});

describe('a video’s address', () => {
  it('is linked only when it is https on YouTube or Vimeo', async () => {
    const before = t.cms.records();
    const addresses = ['javascript:alert(document.cookie)', 'https://video.example/watch?v=abc', 'https://vimeo.com/76979871'];
    t.cms.set({ ...before, videos: addresses.map((videoUrl, i) => ({ id: 50 + i, title: `Address ${i}`, videoUrl, createdAt: '2026-01-01T00:00:00.000Z' })) });
    await t.app.content.refresh();
    try {
      const listed = (await browserClient(t.app.base).get('/api/youtube/videos')).body as { id: number; videoUrl: string | null }[];
      expect(listed.map((v) => v.videoUrl)).toEqual(expect.arrayContaining([null, null, 'https://vimeo.com/76979871']));
      expect(JSON.stringify(listed)).not.toContain('javascript:');
    } finally {
      t.cms.set(before);
      await t.app.content.refresh();
    }
  });
});

describe('favorites and watch later', () => {
  it('refuses visitors, saves and removes harmlessly twice, lists newest first, and drops videos gone from the CMS', async () => {
    const visitor = browserClient(t.app.base);
    expect((await visitor.get('/api/favorites')).status).toBe(401);
    expect((await visitor.post('/api/favorites/1')).status).toBe(401);
    expect((await visitor.delete('/api/watch-later/1')).status).toBe(401);

    const ann = await member('vid_ann');
    expect((await ann.post('/api/favorites/999')).status).toBe(404);
    expect((await ann.post('/api/favorites/not-a-video')).status).toBe(404);
    expect((await ann.post('/api/favorites/99999999999999')).status).toBe(404);
    expect((await ann.post('/api/favorites/1')).body).toEqual({ message: 'Added to favorites', videoId: 1, saved: true });
    expect((await ann.post('/api/favorites/1')).status).toBe(200);
    await ann.post('/api/favorites/3');
    await ann.post('/api/favorites/2');
    const favorites = (await ann.get('/api/favorites')).body;
    expect(favorites.map((v: { id: number }) => v.id)).toEqual([2, 3, 1]);
    // A free member saved a Pro video: it is listed, without its player.
    expect(favorites[0]).toMatchObject({ title: 'Pro deep dive', videoUrl: null });
    expect((await ann.get('/api/watch-later')).body).toEqual([]);
    expect((await ann.post('/api/watch-later/3')).body.message).toBe('Added to watch later');
    expect((await ann.get('/api/watch-later')).body.map((v: { id: number }) => v.id)).toEqual([3]);

    expect((await ann.delete('/api/favorites/3')).body).toEqual({ message: 'Removed from favorites', videoId: 3, saved: false });
    expect((await ann.delete('/api/favorites/3')).status).toBe(200);
    expect((await ann.get('/api/favorites')).body.map((v: { id: number }) => v.id)).toEqual([2, 1]);
    expect((await ann.get('/api/watch-later')).body.map((v: { id: number }) => v.id)).toEqual([3]);

    const bob = await member('vid_bob');
    expect((await bob.get('/api/favorites')).body).toEqual([]);

    const before = t.cms.records();
    t.cms.set({ ...before, videos: before.videos.filter((v) => v.id !== 2) });
    await t.app.content.refresh();
    expect((await ann.get('/api/favorites')).body.map((v: { id: number }) => v.id)).toEqual([1]);
    expect((await ann.delete('/api/favorites/2')).status).toBe(200);
    t.cms.set(before);
    await t.app.content.refresh();
  });
});

describe('a full list', () => {
  it('holds at most 1,000 videos and says so', async () => {
    const keen = await member('vid_keen');
    const { id } = (await keen.get('/api/user')).body as { id: number };
    await t.testDb.db.insert(savedVideos).values(Array.from({ length: 1000 }, (_, i) => ({ userId: id, list: 'watch-later' as const, videoId: 10_000 + i })));
    expect(await keen.post('/api/watch-later/1')).toMatchObject({ status: 409, body: { message: 'This list is full (1,000 videos). Remove some to save more.' } });
    expect((await keen.post('/api/favorites/1')).status).toBe(200);
    expect((await keen.get('/api/watch-later')).body).toEqual([]);
  });
});

describe('the channel sync', () => {
  it('is for admins, and answers 503 with a clear message when not configured', async () => {
    expect((await browserClient(t.app.base).post('/api/youtube/sync', {})).status).toBe(401);
    const free = await member('sync_member');
    expect((await free.post('/api/youtube/sync', { maxResults: 50 })).status).toBe(403);
    expect((await free.get('/api/admin/youtube/syncs')).status).toBe(403);
    const admin = await member('sync_admin', 'vip', true);
    expect((await admin.post('/api/youtube/sync', { maxResults: 0 })).status).toBe(400);
    expect((await admin.post('/api/youtube/sync', { channelId: 'bad channel!' })).status).toBe(400);

    const unconfigured = await startTestApp({ db: t.testDb.db, source: createCmsContentSource(t.cms.url, TEST_SECRET) });
    const a = browserClient(unconfigured.base);
    await signInStaff(a, 'sync_admin', 'pass-word-1');
    expect(await a.post('/api/youtube/sync', { channelId: '@betterself', maxResults: 50 })).toMatchObject({ status: 503, body: { message: expect.stringContaining('YouTube sync is not configured') } });
    expect((await a.get('/api/admin/youtube')).body).toMatchObject({ configured: false });
    await unconfigured.close();
  });

  it('upserts the channel’s videos by externalId, keeps editors’ changes, and lists every run', async () => {
    const admin = await member('sync_admin2', 'vip', true);
    const first = await admin.post('/api/youtube/sync', { channelId: '@betterself', maxResults: 50 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'succeeded', trigger: 'manual', channel: '@betterself', fetched: 3, added: 3, updated: 0, error: null });
    const listed = (await browserClient(t.app.base).get('/api/youtube/videos')).body;
    expect(listed.find((v: { externalId: string }) => v.externalId === 'yt0001')).toMatchObject({ title: 'Channel video 1', duration: '09:58', views: 101, videoUrl: 'https://www.youtube.com/watch?v=yt0001', membershipRequired: 'free' });

    // An editor retitles one and makes it Pro; the channel changes its description and views.
    const synced = t.cms.records().videos.find((v) => v.externalId === 'yt0001')!;
    t.cms.set({ ...t.cms.records(), videos: t.cms.records().videos.map((v) => (v === synced ? { ...v, title: 'Edited by us', membershipRequired: 'pro' as const } : v)) });
    youtube.setVideos(channelVideos(3).map((v) => (v.id === 'yt0001' ? { ...v, title: 'Renamed on YouTube', description: 'Updated lesson', views: 999 } : v)));
    const second = await admin.post('/api/youtube/sync', {});
    expect(second.body).toMatchObject({ status: 'succeeded', fetched: 3, added: 0, updated: 1 });
    const videos = t.cms.records().videos.filter((v) => v.externalId?.startsWith('yt'));
    expect(videos).toHaveLength(3);
    expect(videos.find((v) => v.externalId === 'yt0001')).toMatchObject({ title: 'Edited by us', membershipRequired: 'pro', description: 'Updated lesson', views: 999 });

    const runs = (await admin.get('/api/admin/youtube/syncs')).body;
    expect(runs.slice(0, 2).map((r: { added: number; updated: number }) => [r.added, r.updated])).toEqual([[0, 1], [3, 0]]);
    expect(runs[0]).toMatchObject({ startedAt: expect.any(String), finishedAt: expect.any(String) });
    expect((await admin.get('/api/admin/youtube')).body).toMatchObject({ configured: true, channel: '@betterself', dailySync: true, lastRun: { id: runs[0].id } });
  });

  it('follows page tokens up to maxResults', async () => {
    const admin = await member('sync_admin3', 'vip', true);
    youtube.setVideos(channelVideos(45, 'pg'));
    expect((await admin.post('/api/youtube/sync', { maxResults: 30 })).body).toMatchObject({ fetched: 30, added: 30 });
    expect((await admin.post('/api/youtube/sync', { maxResults: 50 })).body).toMatchObject({ fetched: 45, added: 15 });
    expect(new Set(t.cms.records().videos.map((v) => v.externalId)).size).toBe(t.cms.records().videos.length);
  });

  it('reports quota errors, timeouts, unreadable answers, bad keys and unknown channels in words, and records them', async () => {
    const admin = await member('sync_admin4', 'vip', true);
    youtube.fail('quota');
    expect(await admin.post('/api/youtube/sync', {})).toMatchObject({ status: 503, body: { message: expect.stringContaining('quota') } });
    youtube.fail('garbage');
    expect(await admin.post('/api/youtube/sync', {})).toMatchObject({ status: 503, body: { message: expect.stringContaining('could not be read') } });
    youtube.fail('hang');
    expect(await admin.post('/api/youtube/sync', {})).toMatchObject({ status: 503, body: { message: expect.stringContaining('did not answer') } });
    youtube.fail(null);
    expect(await admin.post('/api/youtube/sync', { channelId: '@nobody' })).toMatchObject({ status: 404, body: { message: 'No YouTube channel was found for "@nobody".' } });

    const badKey = await startTestApp({ db: t.testDb.db, source: createCmsContentSource(t.cms.url, TEST_SECRET), overrides: { content: { videoSync: { ...videoSync(), channel: createYouTubeClient({ apiKey: 'wrong', baseUrl: youtube.url }) } } } });
    const a = browserClient(badKey.base);
    await signInStaff(a, 'sync_admin4', 'pass-word-1');
    expect(await a.post('/api/youtube/sync', {})).toMatchObject({ status: 503, body: { message: expect.stringContaining('YouTube refused the API key') } });
    await badKey.close();
    const runs = (await admin.get('/api/admin/youtube/syncs')).body.slice(0, 5);
    expect(runs.map((r: { status: string }) => r.status)).toEqual(['failed', 'failed', 'failed', 'failed', 'failed']);
    expect(runs[4].error).toContain('quota');
  });

  it('runs one sync at a time: a second while one runs answers 409', async () => {
    const admin = await member('sync_admin5', 'vip', true);
    youtube.fail('hang');
    const [a, b] = await Promise.all([admin.post('/api/youtube/sync', {}), new Promise((r) => setTimeout(r, 100)).then(() => admin.post('/api/youtube/sync', {}))]);
    youtube.fail(null);
    expect([a.status, b.status].sort()).toEqual([409, 503]);
    expect([a, b].find((r) => r.status === 409)!.body.message).toBe('A sync is already running');
  });

  it('runs daily: the job syncs when a day has passed since the last run, not before', async () => {
    youtube.setVideos(channelVideos(2, 'daily'));
    const deps = { db: t.testDb.db, ...videoSync(), logger: silentLogger, refreshContent: () => t.app.content.refresh() };
    const now = new Date();
    const job = scheduleJob({ ...deps, clock: () => now }, videoSyncJob(deps, 3_600_000, () => now));
    await job.tick();
    expect(t.cms.records().videos.some((v) => v.externalId === 'daily0000')).toBe(false);
    const tomorrow = new Date(now.getTime() + 25 * 60 * 60_000);
    const later = scheduleJob({ ...deps, clock: () => tomorrow }, videoSyncJob(deps, 3_600_000, () => tomorrow));
    await later.tick();
    job.stop();
    later.stop();
    expect(t.cms.records().videos.some((v) => v.externalId === 'daily0000')).toBe(true);
    const admin = await member('sync_admin6', 'vip', true);
    expect((await admin.get('/api/admin/youtube/syncs')).body[0]).toMatchObject({ trigger: 'daily', status: 'succeeded', added: 2 });
  });
});
