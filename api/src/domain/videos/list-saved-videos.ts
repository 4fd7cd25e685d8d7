import { videoFor, viewerOf, type SavedList } from '@app/shared/browser';
import type { Video } from '@app/shared/schemas';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { savedVideos } from '../../db/schema/index.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentIndex } from '../content/content-index.ts';
import { SAVED_LIST_MAX } from './save-video.ts';

/**
 * GET /api/favorites, /api/watch-later: the videos themselves, newest saved first, as this member
 * may see them. A video no longer in the CMS drops out (its row stays, harmless, until removed).
 */
export async function listSavedVideos(db: Db, index: ContentIndex, caller: UserRow | null, list: SavedList): Promise<Video[]> {
  const user = requireUser(caller);
  const rows = await db.select({ videoId: savedVideos.videoId }).from(savedVideos).where(and(eq(savedVideos.userId, user.id), eq(savedVideos.list, list))).orderBy(desc(savedVideos.savedAt)).limit(SAVED_LIST_MAX);
  const viewer = viewerOf(user);
  return rows.flatMap(({ videoId }) => {
    const video = index.videosById.get(videoId);
    return video ? [videoFor(viewer, video)] : [];
  });
}
