import { ADMIN_SECTIONS, callEndpoint, errorMessage } from '@app/shared/browser';
import type { YouTubeSync } from '@app/shared/schemas';
import { toast } from '@app/ui';

/** The admin's Sync YouTube Videos (on /videos and in the dashboard): the run, told in the spec's toasts; null when it failed. */
export async function syncYouTubeVideos(): Promise<YouTubeSync | null> {
  try {
    const run = await callEndpoint(ADMIN_SECTIONS.youtube.api.sync, { body: { maxResults: 50 } });
    toast({ title: 'YouTube videos successfully synchronized', description: `${run.added} added, ${run.updated} updated. The videos page is rebuilding.` });
    return run;
  } catch (err) {
    toast({ title: 'Error', description: errorMessage(err, 'Failed to sync YouTube videos'), variant: 'destructive' });
    return null;
  }
}
