import type { YouTubeSync } from '@app/shared/schemas';
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { youtubeSyncs } from '../../db/schema/index.ts';
import { requireAdmin } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { toSyncDto } from './youtube-sync-dto.ts';

/** GET /api/admin/youtube/syncs: the newest 50 runs. */
export async function listYouTubeSyncs(db: Db, caller: UserRow | null): Promise<YouTubeSync[]> {
  requireAdmin(caller);
  return (await db.select().from(youtubeSyncs).orderBy(desc(youtubeSyncs.id)).limit(50)).map(toSyncDto);
}
