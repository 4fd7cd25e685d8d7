import type { YouTubeStatus } from '@app/shared/schemas';
import { desc } from 'drizzle-orm';
import { youtubeSyncs } from '../../db/schema/index.ts';
import { requireAdmin } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { defaultChannelOf, type VideoSyncDeps } from './sync-youtube-videos.ts';
import { toSyncDto } from './youtube-sync-dto.ts';

/** GET /api/admin/youtube: whether the sync is configured, the channel, and the last run. */
export async function getYouTubeStatus(deps: Pick<VideoSyncDeps, 'db' | 'channel' | 'defaultChannel' | 'settingsChannel'>, caller: UserRow | null): Promise<YouTubeStatus> {
  requireAdmin(caller);
  const [last] = await deps.db.select().from(youtubeSyncs).orderBy(desc(youtubeSyncs.id)).limit(1);
  const channel = defaultChannelOf(deps);
  return { configured: deps.channel !== null, channel, dailySync: deps.channel !== null && channel !== null, lastRun: last ? toSyncDto(last) : null };
}
