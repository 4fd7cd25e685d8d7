import { SAVED_LIST_TEXT, type SavedList } from '@app/shared/browser';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { savedVideos } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentIndex } from '../content/content-index.ts';

/** A member keeps at most this many videos in each list. */
export const SAVED_LIST_MAX = 1000;

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
