import { YouTubeSyncSchema } from '@app/shared/schemas';
import type { Router } from 'express';
import { getYouTubeStatus } from '../../domain/videos/get-youtube-status.ts';
import { listYouTubeSyncs } from '../../domain/videos/list-youtube-syncs.ts';
import { syncYouTubeVideos, type VideoSyncDeps } from '../../domain/videos/sync-youtube-videos.ts';
import { noStore } from '../no-store.ts';
import type { UserReader } from '../session-cookie.ts';
import { sectionRouter } from './section-router.ts';

/** Admin → YouTube: the channel sync now (POST /api/youtube/sync), its status and its history. */
export function adminYouTubeRoutes(deps: { readUser: UserReader; sync: VideoSyncDeps }): Router {
  const { readUser, sync } = deps;
  return sectionRouter('youtube', readUser, (route) => {
    route('sync', async (req, res) => {
      const caller = await readUser(req);
      const input = YouTubeSyncSchema.parse(req.body ?? {});
      res.json(await syncYouTubeVideos(sync, { trigger: 'manual', caller, channel: input.channelId, maxResults: input.maxResults }));
    });
    route('status', async (req, res) => {
      noStore(res);
      res.json(await getYouTubeStatus(sync, await readUser(req)));
    });
    route('syncs', async (req, res) => {
      noStore(res);
      res.json(await listYouTubeSyncs(sync.db, await readUser(req)));
    });
  });
}
