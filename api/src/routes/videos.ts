import { SAVED_LISTS, type SavedList } from '@app/shared/browser';
import { IdParamSchema, YouTubeSyncSchema } from '@app/shared/schemas';
import { Router } from 'express';
import type { Db } from '../db/client.ts';
import type { ContentReadModel } from '../domain/content/content-read-model.ts';
import { getVideo } from '../domain/videos/get-video.ts';
import { listSavedVideos, saveVideo, unsaveVideo } from '../domain/videos/saved-videos.ts';
import { listSyncs, syncVideos, youtubeStatus, type VideoSyncDeps } from '../domain/videos/sync-videos.ts';
import type { ViewerReader } from './content.ts';
import type { UserReader } from './session-cookie.ts';

/** A video id from the path; malformed ids name no video (404, like unknown ones). */
const videoId = (value: string | undefined) => {
  const id = IdParamSchema.safeParse(value);
  return id.success ? id.data : -1;
};

/** Videos (spec 01 §7, 02 §7): one video's player, favorites and watch later, and the channel sync. */
export function videoRoutes(deps: { db: Db; content: ContentReadModel; readUser: UserReader; readViewer: ViewerReader; sync: Omit<VideoSyncDeps, 'db'> }): Router {
  const { db, readUser } = deps;
  const index = () => deps.content.current();
  const r = Router();

  r.get('/youtube/videos/:id', async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(getVideo(index(), videoId(req.params.id), await deps.readViewer(req)));
  });

  for (const list of SAVED_LISTS) {
    r.get(`/${list}`, async (req, res) => {
      res.setHeader('Cache-Control', 'private, no-store');
      res.json(await listSavedVideos(db, index(), await readUser(req), list as SavedList));
    });
    r.post(`/${list}/:videoId`, async (req, res) => {
      res.json(await saveVideo(db, index(), await readUser(req), list, videoId(req.params.videoId)));
    });
    r.delete(`/${list}/:videoId`, async (req, res) => {
      res.json(await unsaveVideo(db, index(), await readUser(req), list, videoId(req.params.videoId)));
    });
  }

  const sync = { db, ...deps.sync };
  r.post('/youtube/sync', async (req, res) => {
    const caller = await readUser(req);
    const input = YouTubeSyncSchema.parse(req.body ?? {});
    res.json(await syncVideos(sync, { trigger: 'manual', caller, channel: input.channelId, maxResults: input.maxResults }));
  });
  r.get('/admin/youtube', async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await youtubeStatus(sync, await readUser(req)));
  });
  r.get('/admin/youtube/syncs', async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await listSyncs(db, await readUser(req)));
  });
  return r;
}
