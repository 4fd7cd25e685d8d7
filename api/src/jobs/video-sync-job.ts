import { YOUTUBE_MAX_RESULTS } from '@app/shared/browser';
import { AppError } from '../lib/app-error.ts';
import { isDailySyncDue } from '../domain/videos/is-daily-sync-due.ts';
import { defaultChannelOf, syncYouTubeVideos, type VideoSyncDeps } from '../domain/videos/sync-youtube-videos.ts';
import type { Job } from './schedule-job.ts';

export const VIDEO_SYNC_JOB = 'video-sync';

/**
 * The daily channel sync (spec 02 §9). Each round (hourly by default) runs the sync when no run
 * started within the last day, so a restart never skips or doubles a day; an admin's sync running
 * at that moment makes the round stand aside (the sync's own lock answers 409).
 */
export function videoSyncJob(deps: VideoSyncDeps, every: number, clock: () => Date = () => new Date()): Job {
  return {
    name: VIDEO_SYNC_JOB,
    every,
    // The first look soon after start, so a day missed while the site was down is caught up.
    firstAfterMs: Math.min(every, 30_000),
    run: async () => {
      if (!deps.channel || !defaultChannelOf(deps)) return 'not configured';
      if (!(await isDailySyncDue(deps.db, clock()))) return 'not due: a sync started within the last day';
      try {
        const sync = await syncYouTubeVideos(deps, { trigger: 'daily', maxResults: YOUTUBE_MAX_RESULTS });
        return `synced: ${sync.added} added, ${sync.updated} updated`;
      } catch (err) {
        if (err instanceof AppError && err.code === 'conflict') return 'an admin’s sync was running';
        throw err;
      }
    },
  };
}
