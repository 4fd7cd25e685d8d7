import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeChannelVideo = { id: string; title: string; description?: string; publishedAt?: string; duration?: string; views?: number };

/**
 * A local HTTP server answering like the YouTube Data API v3 (channels with forHandle/id,
 * playlistItems with page tokens, videos with contentDetails.duration and statistics.viewCount),
 * including its error shape. `fail` makes the next calls answer a quota error, hang past the
 * client's timeout, or send something that is not JSON.
 */
export async function startFakeYouTube(opts: { key: string; handle: string; videos: FakeChannelVideo[]; pageSize?: number }) {
  let videos = opts.videos;
  let fail: 'quota' | 'hang' | 'garbage' | null = null;
  const pageSize = opts.pageSize ?? 50;
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
  const error = (code: number, reason: string, message: string) => ({ error: { code, message, errors: [{ message, domain: reason === 'quotaExceeded' ? 'youtube.quota' : 'global', reason }] } });

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    // The end-to-end tests run in other processes: they set the channel's videos over HTTP.
    if (req.method === 'PUT' && url.pathname === '/__fake/videos') {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        videos = JSON.parse(body) as FakeChannelVideo[];
        res.writeHead(204).end();
      });
      return;
    }
    if (fail === 'hang') return;
    if (fail === 'garbage') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Service Unavailable</html>');
    if (fail === 'quota') return json(res, 403, error(403, 'quotaExceeded', 'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.'));
    if (url.searchParams.get('key') !== opts.key) return json(res, 400, error(400, 'keyInvalid', 'API key not valid. Please pass a valid API key.'));
    const p = url.searchParams;
    if (url.pathname === '/youtube/v3/channels') {
      const match = p.get('forHandle')?.toLowerCase() === opts.handle.toLowerCase() || p.get('id') === 'UCfakechannel0001';
      return json(res, 200, { kind: 'youtube#channelListResponse', pageInfo: { totalResults: match ? 1 : 0, resultsPerPage: 5 }, ...(match && { items: [{ kind: 'youtube#channel', id: 'UCfakechannel0001', snippet: { title: 'Better Self Studio', customUrl: opts.handle }, contentDetails: { relatedPlaylists: { likes: '', uploads: 'UUfakechannel0001' } } }] }) });
    }
    if (url.pathname === '/youtube/v3/playlistItems') {
      if (p.get('playlistId') !== 'UUfakechannel0001') return json(res, 404, error(404, 'playlistNotFound', 'The playlist identified with the request\'s playlistId parameter cannot be found.'));
      const start = Number(p.get('pageToken')?.replace('page-', '') ?? 0);
      const size = Math.min(pageSize, Number(p.get('maxResults') ?? 5));
      const slice = videos.slice(start, start + size);
      const next = start + size < videos.length ? `page-${start + size}` : undefined;
      return json(res, 200, { kind: 'youtube#playlistItemListResponse', ...(next && { nextPageToken: next }), pageInfo: { totalResults: videos.length, resultsPerPage: size }, items: slice.map((v) => ({ kind: 'youtube#playlistItem', id: `item-${v.id}`, contentDetails: { videoId: v.id, videoPublishedAt: v.publishedAt ?? '2026-05-01T10:00:00Z' } })) });
    }
    if (url.pathname === '/youtube/v3/videos') {
      const ids = (p.get('id') ?? '').split(',').filter(Boolean);
      if (ids.length > 50) return json(res, 400, error(400, 'invalidFilters', 'Too many ids'));
      const items = ids.map((id) => videos.find((v) => v.id === id)).filter((v) => v !== undefined).map((v) => ({
        kind: 'youtube#video', id: v.id,
        snippet: { publishedAt: v.publishedAt ?? '2026-05-01T10:00:00Z', channelId: 'UCfakechannel0001', title: v.title, description: v.description ?? '', channelTitle: 'Better Self Studio', thumbnails: { default: { url: `https://i.ytimg.com/vi/${v.id}/default.jpg`, width: 120, height: 90 }, high: { url: `https://i.ytimg.com/vi/${v.id}/hqdefault.jpg`, width: 480, height: 360 } } },
        contentDetails: { duration: v.duration ?? 'PT4M13S', dimension: '2d', definition: 'hd' },
        statistics: { viewCount: String(v.views ?? 0), likeCount: '3', favoriteCount: '0', commentCount: '1' },
      }));
      return json(res, 200, { kind: 'youtube#videoListResponse', pageInfo: { totalResults: items.length, resultsPerPage: items.length }, items });
    }
    json(res, 404, error(404, 'notFound', 'Not Found'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/youtube/v3`,
    controlUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/__fake/videos`,
    setVideos(next: FakeChannelVideo[]) {
      videos = next;
    },
    fail(mode: typeof fail) {
      fail = mode;
    },
    close: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}
