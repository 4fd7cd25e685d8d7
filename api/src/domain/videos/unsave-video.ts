import { SAVED_LIST_TEXT, type SavedList } from '@app/shared/browser';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { savedVideos } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentIndex } from '../content/content-index.ts';

/** DELETE /api/{list}/{videoId}: removing what is not there is harmless. */
export async function unsaveVideo(db: Db, index: ContentIndex, caller: UserRow | null, list: SavedList, videoId: number): Promise<{ message: string; videoId: number; saved: false }> {
  const user = requireUser(caller);
  const deleted = await db.delete(savedVideos).where(and(eq(savedVideos.userId, user.id), eq(savedVideos.list, list), eq(savedVideos.videoId, videoId))).returning({ videoId: savedVideos.videoId });
  // A video gone from the CMS can still be taken out of a list; an id that was never anything is 404.
  if (deleted.length === 0 && !index.videosById.has(videoId)) throw new AppError('not_found', 'Video not found');
  return { message: SAVED_LIST_TEXT[list].removed, videoId, saved: false };
}
