import { YOUTUBE_MAX_RESULTS } from '@app/shared/browser';
import { AppError } from '../lib/app-error.ts';
import { isDailySyncDue } from '../domain/videos/is-daily-sync-due.ts';
import { defaultChannelOf, syncYouTubeVideos, type VideoSyncDeps } from '../domain/videos/sync-youtube-videos.ts';

/**
 * The daily channel sync (spec 02 §9). Every check (hourly by default) runs the sync when no run
 * started within the last day, so a restart never skips or doubles a day; with several API
 * instances the sync's advisory lock lets one run and the others find it running (409) and skip.
 */
export function startVideoSyncJob(deps: VideoSyncDeps, intervalMs: number, clock: () => Date = () => new Date()) {
  async function tick() {
    if (!deps.channel || !defaultChannelOf(deps)) return;
    try {
      if (!(await isDailySyncDue(deps.db, clock()))) return;
      await syncYouTubeVideos(deps, { trigger: 'daily', maxResults: YOUTUBE_MAX_RESULTS });
    } catch (err) {
      if (err instanceof AppError && err.code === 'conflict') return;
      deps.logger.warn({ err: (err as Error).message }, 'daily youtube sync did not complete');
    }
  }
  const first = setTimeout(() => void tick(), 30_000);
  const timer = setInterval(() => void tick(), intervalMs);
  first.unref();
  timer.unref();
  return { tick, stop: () => (clearTimeout(first), clearInterval(timer)) };
}
