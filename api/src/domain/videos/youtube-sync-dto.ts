import type { YouTubeSync } from '@app/shared/schemas';
import type { youtubeSyncs } from '../../db/schema/index.ts';

type SyncRow = typeof youtubeSyncs.$inferSelect;

/** One sync run as the admin's YouTube tab shows it. */
export function toSyncDto(row: SyncRow): YouTubeSync {
  return {
    id: row.id, trigger: row.trigger, channel: row.channel, status: row.status, startedAt: row.startedAt.toISOString(), finishedAt: row.finishedAt?.toISOString() ?? null,
    fetched: row.fetched, added: row.added, updated: row.updated, error: row.error,
  };
}
