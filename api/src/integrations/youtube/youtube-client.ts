import { formatIsoDuration } from '@app/shared/browser';
import { ChannelError, type ChannelVideo, type VideoChannel } from '../../domain/ports/video-channel.ts';

export type YouTubeSettings = { apiKey: string; baseUrl?: string; timeoutMs?: number };

type ApiError = { error?: { code?: number; message?: string; errors?: { reason?: string }[] } };
type Thumbs = Record<string, { url?: string } | undefined>;
type VideoItem = { id?: string; snippet?: { title?: string; description?: string; publishedAt?: string; channelTitle?: string; thumbnails?: Thumbs }; contentDetails?: { duration?: string }; statistics?: { viewCount?: string } };

/**
 * The YouTube Data API v3 client: the channel (by handle "@name", or by id "UC…") → its uploads
 * playlist → playlist items, following page tokens up to `maxResults` → the videos' details, 50
 * ids a call, for duration (ISO 8601) and views. Every call has a timeout; quota, key, network
 * and malformed answers become ChannelErrors with a readable message.
 */
export function createYouTubeClient(settings: YouTubeSettings): VideoChannel {
  const base = (settings.baseUrl ?? 'https://www.googleapis.com/youtube/v3').replace(/\/$/, '');
  const timeoutMs = settings.timeoutMs ?? 15_000;

  async function call<T>(resource: string, params: Record<string, string>): Promise<T> {
    const url = `${base}/${resource}?${new URLSearchParams({ ...params, key: settings.apiKey })}`;
    let res: Response;
    try {
      res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      if ((err as Error).name === 'TimeoutError') throw new ChannelError(`YouTube did not answer within ${Math.round(timeoutMs / 1000)} seconds. Please try again later.`, 'timeout');
      throw new ChannelError('YouTube could not be reached. Please check the network and try again.', 'unavailable');
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new ChannelError(`YouTube sent an answer that could not be read (status ${res.status}).`, 'unreadable');
    }
    if (!res.ok) {
      const e = (body as ApiError).error;
      const reason = e?.errors?.[0]?.reason ?? '';
      if (reason === 'quotaExceeded' || reason === 'dailyLimitExceeded' || reason === 'rateLimitExceeded') throw new ChannelError('The YouTube API quota for today is used up. The sync will work again after the quota resets.', 'quota');
      if (reason === 'keyInvalid' || reason === 'keyExpired' || reason === 'accessNotConfigured' || reason === 'forbidden' || res.status === 400 || res.status === 401 || res.status === 403) {
        throw new ChannelError(`YouTube refused the API key: ${e?.message ?? `status ${res.status}`}. Check YOUTUBE_API_KEY.`, 'key');
      }
      throw new ChannelError(`YouTube answered with an error (${res.status}${e?.message ? `: ${e.message}` : ''}).`, 'unavailable');
    }
    if (typeof body !== 'object' || body === null) throw new ChannelError('YouTube sent an answer that could not be read.', 'unreadable');
    return body as T;
  }

  const list = <T>(body: { items?: unknown }): T[] => {
    if (body.items !== undefined && !Array.isArray(body.items)) throw new ChannelError('YouTube sent an answer that could not be read (items is not a list).', 'unreadable');
    return (body.items ?? []) as T[];
  };

  return {
    async fetchVideos(channel, maxResults) {
      const by: Record<string, string> = /^UC[\w-]{10,}$/.test(channel) ? { id: channel } : { forHandle: channel.startsWith('@') ? channel : `@${channel}` };
      const channels = list<{ id?: string; snippet?: { title?: string }; contentDetails?: { relatedPlaylists?: { uploads?: string } } }>(await call('channels', { part: 'snippet,contentDetails', ...by }));
      const found = channels[0];
      const uploads = found?.contentDetails?.relatedPlaylists?.uploads;
      if (!found?.id || !uploads) throw new ChannelError(`No YouTube channel was found for "${channel}".`, 'not_found');

      const ids: string[] = [];
      let pageToken: string | undefined;
      do {
        const page = await call<{ items?: unknown; nextPageToken?: string }>('playlistItems', { part: 'contentDetails', playlistId: uploads, maxResults: String(Math.min(50, maxResults - ids.length)), ...(pageToken && { pageToken }) });
        for (const item of list<{ contentDetails?: { videoId?: string } }>(page)) {
          const id = item.contentDetails?.videoId;
          if (typeof id === 'string' && !ids.includes(id)) ids.push(id);
        }
        pageToken = typeof page.nextPageToken === 'string' && page.nextPageToken ? page.nextPageToken : undefined;
      } while (pageToken && ids.length < maxResults);

      const videos: ChannelVideo[] = [];
      for (let i = 0; i < ids.length && i < maxResults; i += 50) {
        const batch = ids.slice(i, Math.min(i + 50, maxResults));
        for (const item of list<VideoItem>(await call('videos', { part: 'snippet,contentDetails,statistics', id: batch.join(','), maxResults: '50' }))) {
          if (typeof item.id !== 'string' || typeof item.snippet?.title !== 'string') throw new ChannelError('YouTube sent a video without an id or a title.', 'unreadable');
          const thumbs = item.snippet.thumbnails ?? {};
          const views = Number(item.statistics?.viewCount ?? 0);
          videos.push({
            externalId: item.id,
            title: item.snippet.title.slice(0, 200),
            description: (item.snippet.description ?? '').slice(0, 5000),
            imageUrl: thumbs.maxres?.url ?? thumbs.high?.url ?? thumbs.medium?.url ?? thumbs.default?.url ?? null,
            videoUrl: `https://www.youtube.com/watch?v=${item.id}`,
            publishDate: new Date(Date.parse(item.snippet.publishedAt ?? '') || Date.now()).toISOString(),
            views: Number.isSafeInteger(views) && views >= 0 ? views : 0,
            duration: formatIsoDuration(item.contentDetails?.duration),
            author: item.snippet.channelTitle ?? found.snippet?.title ?? '',
          });
        }
      }
      return { channel: { id: found.id, title: found.snippet?.title ?? channel }, videos };
    },
  };
}
