import { rememberedValues, type SyncedVideo } from '@app/shared/browser';
import type { YouTubeSync } from '@app/shared/schemas';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { withSessionLock } from '../../db/session-lock.ts';
import { youtubeSyncs, youtubeVideoState } from '../../db/schema/index.ts';
import type { VideoSink } from '../ports/video-channel.ts';
import { ChannelError, type VideoChannel } from '../ports/video-channel.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireAdmin } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { toSyncDto } from './youtube-sync-dto.ts';

export type VideoSyncDeps = {
  db: Db;
  /** Null when YOUTUBE_API_KEY is not set: the sync then answers 503, never a 500. */
  channel: VideoChannel | null;
  sink: VideoSink;
  /** YOUTUBE_CHANNEL_HANDLE: the channel synced when none is named, and by the daily job. */
  defaultChannel: string | null;
  /** The admin's YouTube channel handle (Settings); when set it wins over YOUTUBE_CHANNEL_HANDLE. */
  settingsChannel?: () => string;
  /** Re-reads the CMS once the videos are in, so /api/youtube/videos shows them when the sync answers. */
  refreshContent: () => Promise<unknown>;
  logger: Logger;
};

const LOCK = 'job:youtube-sync';

/** The channel synced when none is named: the settings' handle, else YOUTUBE_CHANNEL_HANDLE. */
export function defaultChannelOf(deps: Pick<VideoSyncDeps, 'defaultChannel' | 'settingsChannel'>): string | null {
  return deps.settingsChannel?.() || deps.defaultChannel;
}
const BATCH = 100;

/**
 * One channel sync (POST /api/youtube/sync, and the daily job): fetch the channel's newest videos,
 * upsert them into the CMS by externalId without touching what editors changed, and record the run.
 * One sync at a time across every API instance (a session advisory lock held for the run, no
 * transaction open while YouTube and the CMS answer); a second one answers 409.
 */
export async function syncYouTubeVideos(deps: VideoSyncDeps, input: { trigger: 'manual' | 'daily'; caller?: UserRow | null; channel?: string | null; maxResults: number }): Promise<YouTubeSync> {
  const { db, logger } = deps;
  const admin = input.trigger === 'manual' ? requireAdmin(input.caller ?? null) : null;
  if (!deps.channel) throw new AppError('unavailable', 'YouTube sync is not configured. Set YOUTUBE_API_KEY (and YOUTUBE_CHANNEL_HANDLE) to enable it.');
  const channelName = input.channel?.trim() || defaultChannelOf(deps);
  if (!channelName) throw new AppError('bad_request', 'Name the channel to sync (channelId), or set YOUTUBE_CHANNEL_HANDLE.');
  const channel = deps.channel;

  const outcome = await withSessionLock(db, LOCK, async () => {
    // Holding the lock, any run still marked running was cut short (a restart mid-sync).
    await db.update(youtubeSyncs).set({ status: 'failed', finishedAt: new Date(), error: 'Interrupted before it finished.' }).where(eq(youtubeSyncs.status, 'running'));
    const [run] = await db.insert(youtubeSyncs).values({ trigger: input.trigger, requestedBy: admin?.id ?? null, channel: channelName }).returning();
    try {
      const counts = await fetchAndUpsert(deps, channel, channelName, input.maxResults, run!.id);
      const [done] = await db.update(youtubeSyncs).set({ status: 'succeeded', finishedAt: new Date(), ...counts }).where(eq(youtubeSyncs.id, run!.id)).returning();
      logger.info({ sync: run!.id, ...counts }, 'youtube sync finished');
      // The daily job is nobody's action; an admin's sync is theirs, in the audit log.
      if (admin) await recordAudit(db, { actorId: admin.id, action: 'videos.synced', details: { syncId: run!.id, channel: channelName, ...counts } });
      return toSyncDto(done!);
    } catch (err) {
      const message = err instanceof ChannelError ? err.message : `The sync failed: ${(err as Error).message}`;
      await db.update(youtubeSyncs).set({ status: 'failed', finishedAt: new Date(), error: message }).where(eq(youtubeSyncs.id, run!.id));
      logger.warn({ sync: run!.id, err: message }, 'youtube sync failed');
      if (admin) await recordAudit(db, { actorId: admin.id, action: 'videos.synced', details: { syncId: run!.id, channel: channelName, error: message } });
      throw new AppError(err instanceof ChannelError && err.kind === 'not_found' ? 'not_found' : 'unavailable', message, { syncId: run!.id });
    }
  });
  if (!outcome.locked) throw new AppError('conflict', 'A sync is already running');
  return outcome.value;
}

async function fetchAndUpsert(deps: VideoSyncDeps, channel: VideoChannel, channelName: string, maxResults: number, runId: number) {
  const { db } = deps;
  const { videos } = await channel.fetchVideos(channelName, maxResults);
  await db.update(youtubeSyncs).set({ fetched: videos.length }).where(eq(youtubeSyncs.id, runId));
  let added = 0;
  let updated = 0;
  for (let i = 0; i < videos.length; i += BATCH) {
    const batch = videos.slice(i, i + BATCH);
    const states = await db.select().from(youtubeVideoState).where(inArray(youtubeVideoState.externalId, batch.map((v) => v.externalId)));
    const previous = new Map(states.map((s) => [s.externalId, s.values]));
    const synced: SyncedVideo[] = batch.map(({ externalId, ...values }) => ({ externalId, values, previous: previous.get(externalId) ?? null }));
    const outcomes = await deps.sink.upsert(synced);
    const byId = new Map(synced.map((v) => [v.externalId, v]));
    const remembered = outcomes.map((o) => ({ externalId: o.externalId, videoId: o.id, values: rememberedValues(byId.get(o.externalId)!, o.kept), syncedAt: new Date() }));
    if (remembered.length) {
      await db.insert(youtubeVideoState).values(remembered).onConflictDoUpdate({ target: youtubeVideoState.externalId, set: { videoId: sql`excluded.video_id`, values: sql`excluded.values`, syncedAt: sql`excluded.synced_at` } });
    }
    added += outcomes.filter((o) => o.outcome === 'added').length;
    updated += outcomes.filter((o) => o.outcome === 'updated').length;
    await db.update(youtubeSyncs).set({ added, updated }).where(eq(youtubeSyncs.id, runId));
  }
  await deps.refreshContent();
  return { fetched: videos.length, added, updated };
}
