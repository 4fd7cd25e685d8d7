import { SAVED_LISTS } from '@app/shared/browser';
import { Router } from 'express';
import type { ListCache } from '../domain/public-lists/list-cache.ts';
import type { Db } from '../db/client.ts';
import { requireUser } from '../domain/accounts/permissions.ts';
import type { ContentReadModel } from '../domain/content/content-read-model.ts';
import { getVideo } from '../domain/videos/get-video.ts';
import { listSavedVideos } from '../domain/videos/list-saved-videos.ts';
import { saveVideo } from '../domain/videos/save-video.ts';
import { unsaveVideo } from '../domain/videos/unsave-video.ts';
import type { ViewerReader } from './content.ts';
import { idParam } from './params.ts';
import type { UserReader } from './session-cookie.ts';
import { noStore } from './no-store.ts';
import { sendValidated } from './send-validated.ts';
import { anyone, signedIn } from './access.ts';

/** Videos (spec 01 §7, 02 §7): one video's player, favorites and watch later (the channel sync: Admin → YouTube, routes/admin/youtube.ts). */
export function videoRoutes(deps: { db: Db; content: ContentReadModel; readUser: UserReader; readViewer: ViewerReader; lists: ListCache }): Router {
  const { db, readUser } = deps;
  const index = () => deps.content.current();
  const r = Router();

  r.get('/youtube/videos/:id', anyone, async (req, res) => {
    noStore(res);
    res.json(getVideo(index(), idParam(req.params.id, 'Video'), await deps.readViewer(req)));
  });

  for (const list of SAVED_LISTS) {
    r.get(`/${list}`, signedIn, async (req, res) => {
      const user = await readUser(req);
      const content = index();
      sendValidated(req, res, await deps.lists.get(`${list}:${user?.id}:${content.version}`, () => listSavedVideos(db, content, user, list)));
    });
    r.post(`/${list}/:videoId`, signedIn, async (req, res) => {
      // Visitors learn they must sign in (401) before anything about the id.
      const caller = requireUser(await readUser(req));
      res.json(await saveVideo(db, index(), caller, list, idParam(req.params.videoId, 'Video')));
    });
    r.delete(`/${list}/:videoId`, signedIn, async (req, res) => {
      const caller = requireUser(await readUser(req));
      res.json(await unsaveVideo(db, index(), caller, list, idParam(req.params.videoId, 'Video')));
    });
  }

  return r;
}
