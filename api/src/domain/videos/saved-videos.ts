import { SAVED_LIST_TEXT, videoFor, viewerOf, type SavedList } from '@app/shared/browser';
import type { Video } from '@app/shared/schemas';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { savedVideos } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentIndex } from '../content/content-index.ts';

/** A member keeps at most this many videos in each list. */
export const SAVED_LIST_MAX = 1000;

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

/** POST /api/{list}/{videoId}: saving twice keeps one entry (and its first date); a list holds at most 1,000. */
export async function saveVideo(db: Db, index: ContentIndex, caller: UserRow | null, list: SavedList, videoId: number): Promise<{ message: string; videoId: number; saved: true }> {
  const user = requireUser(caller);
  if (!index.videosById.has(videoId)) throw new AppError('not_found', 'Video not found');
  const mine = and(eq(savedVideos.userId, user.id), eq(savedVideos.list, list));
  const [held] = await db.select({ n: count() }).from(savedVideos).where(mine);
  if (Number(held?.n) >= SAVED_LIST_MAX) throw new AppError('conflict', `This list is full (${SAVED_LIST_MAX.toLocaleString('en-US')} videos). Remove some to save more.`);
  await db.insert(savedVideos).values({ userId: user.id, list, videoId }).onConflictDoNothing();
  return { message: SAVED_LIST_TEXT[list].added, videoId, saved: true };
}

/** DELETE /api/{list}/{videoId}: removing what is not there is harmless. */
export async function unsaveVideo(db: Db, index: ContentIndex, caller: UserRow | null, list: SavedList, videoId: number): Promise<{ message: string; videoId: number; saved: false }> {
  const user = requireUser(caller);
  const deleted = await db.delete(savedVideos).where(and(eq(savedVideos.userId, user.id), eq(savedVideos.list, list), eq(savedVideos.videoId, videoId))).returning({ videoId: savedVideos.videoId });
  // A video gone from the CMS can still be taken out of a list; an id that was never anything is 404.
  if (deleted.length === 0 && !index.videosById.has(videoId)) throw new AppError('not_found', 'Video not found');
  return { message: SAVED_LIST_TEXT[list].removed, videoId, saved: false };
}
