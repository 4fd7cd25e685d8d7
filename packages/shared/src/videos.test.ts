import { describe, expect, it } from 'vitest';
import type { Video } from './content.ts';
import { formatIsoDuration, matchesVideo, publicVideo, rememberedValues, videoSyncPatch, type SyncedVideo } from './videos.ts';

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
  it('keeps the picture of a gated video but not its player', () => {
    expect(publicVideo(video)).toMatchObject({ externalId: null, videoUrl: null, imageUrl: values.imageUrl });
    expect(publicVideo({ ...video, imageUrl: null })).toMatchObject({ imageUrl: 'https://i.ytimg.com/vi/abc/hqdefault.jpg' });
    expect(publicVideo({ ...video, membershipRequired: 'free' })).toMatchObject({ externalId: 'abc' });
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
