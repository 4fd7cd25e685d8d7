import { describe, expect, it } from 'vitest';
import type { Video } from './content.ts';
import { formatIsoDuration, isAllowedVideoUrl, LOCKED_VIDEO_POSTER, matchesVideo, publicVideo, rememberedValues, videoSyncPatch, type SyncedVideo } from './videos.ts';
import { toVideo } from './cms-documents.ts';

const values = { title: 'Morning Reset', description: 'Start the day.', imageUrl: 'https://i.ytimg.com/vi/abc/hqdefault.jpg', videoUrl: 'https://www.youtube.com/watch?v=abc', publishDate: '2026-01-02T10:00:00Z', views: 10, duration: '10:12', author: 'Better Self' };

describe('the channel sync merge', () => {
  it('follows the channel where a field is as the last sync left it, and keeps what an editor changed', () => {
    const incoming: SyncedVideo = { externalId: 'abc', values: { ...values, title: 'Morning Reset (2026)', description: 'New text', views: 25 }, previous: values };
    const current = { ...values, description: 'An editor rewrote this.', publishDate: '2026-01-02T10:00:00.000Z' };
    const { patch, kept } = videoSyncPatch(current, incoming);
    expect(patch).toEqual({ title: 'Morning Reset (2026)', views: 25 });
    expect(kept).toEqual(['description']);
    expect(rememberedValues(incoming, kept)).toMatchObject({ title: 'Morning Reset (2026)', description: 'Start the day.', views: 25 });
  });

  it('writes only statistics and empty fields into a video it never synced', () => {
    const incoming: SyncedVideo = { externalId: 'abc', values: { ...values, views: 99 }, previous: null };
    const { patch, kept } = videoSyncPatch({ ...values, title: 'Editor title', imageUrl: null }, incoming);
    expect(patch).toEqual({ views: 99, imageUrl: values.imageUrl });
    expect(kept).toEqual(['title']);
  });

  it('changes nothing when the channel did not change', () => {
    expect(videoSyncPatch(values, { externalId: 'abc', values, previous: values })).toEqual({ patch: {}, kept: [] });
  });
});

describe('videos for everyone', () => {
  const video: Video = { id: 1, ...values, externalId: 'abc', membershipRequired: 'pro' };
  it('shows a gated video with our locked poster, and nothing in it carries its YouTube id', () => {
    for (const imageUrl of [values.imageUrl, null, 'https://img.example/abc.jpg', '/media/abc-thumb.png']) {
      const shown = publicVideo({ ...video, imageUrl });
      expect(shown).toMatchObject({ externalId: null, videoUrl: null, imageUrl: LOCKED_VIDEO_POSTER, title: 'Morning Reset' });
      expect(JSON.stringify(shown)).not.toContain('abc');
    }
    // An editor's own upload is ours to show.
    expect(publicVideo({ ...video, imageUrl: '/media/sunrise.png' }).imageUrl).toBe('/media/sunrise.png');
    expect(publicVideo({ ...video, membershipRequired: 'free' })).toMatchObject({ externalId: 'abc', imageUrl: values.imageUrl });
  });
  it('links only to https addresses on YouTube or Vimeo', () => {
    for (const url of ['https://www.youtube.com/watch?v=abc', 'https://youtu.be/abc', 'https://youtube.com/shorts/abc', 'https://www.youtube-nocookie.com/embed/abc', 'https://vimeo.com/123', 'https://player.vimeo.com/video/123']) {
      expect(isAllowedVideoUrl(url), url).toBe(true);
    }
    for (const url of ['javascript:alert(1)', 'JavaScript://www.youtube.com/%0aalert(1)', 'http://www.youtube.com/watch?v=abc', 'https://www.youtube.com.evil.example/watch', 'https://evil.example/?https://youtu.be/x', 'https://user:pw@youtu.be/abc', 'https://youtu.be:8443/abc', 'data:text/html,hi', '', null]) {
      expect(isAllowedVideoUrl(url), String(url)).toBe(false);
    }
    const doc = { id: 1, title: 'T', createdAt: '2026-01-01T00:00:00.000Z' };
    expect(toVideo({ ...doc, videoUrl: 'javascript:alert(1)' }).videoUrl).toBeNull();
    expect(toVideo({ ...doc, videoUrl: 'https://youtu.be/abc' }).videoUrl).toBe('https://youtu.be/abc');
  });
  it('searches titles and descriptions without regard to case', () => {
    expect(matchesVideo(video, 'RESET')).toBe(true);
    expect(matchesVideo(video, 'the day')).toBe(true);
    expect(matchesVideo(video, 'budget')).toBe(false);
  });
  it('reads ISO 8601 durations', () => {
    expect(formatIsoDuration('PT9M58S')).toBe('09:58');
    expect(formatIsoDuration('PT1H2M3S')).toBe('1:02:03');
    expect(formatIsoDuration('PT45S')).toBe('00:45');
    expect(formatIsoDuration('P1DT1H')).toBe('25:00:00');
    expect(formatIsoDuration('garbage')).toBe('00:00');
    expect(formatIsoDuration(undefined)).toBe('00:00');
  });
});
