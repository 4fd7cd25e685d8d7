import type { SyncOutcome } from '@app/shared/browser';
import type { VideoSink } from '../../domain/ports/video-channel.ts';

/** POST /cms/api/videos/service-sync on the CMS's private address, with the service secret. */
export function createCmsVideoSink(cmsUrl: string, secret: string): VideoSink {
  return {
    async upsert(videos) {
      const res = await fetch(`${cmsUrl}/cms/api/videos/service-sync`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-internal-secret': secret },
        body: JSON.stringify({ videos }),
        signal: AbortSignal.timeout(120_000),
      });
      const body = (await res.json().catch(() => ({}))) as { results?: SyncOutcome[]; message?: string };
      if (!res.ok || !Array.isArray(body.results)) throw new Error(body.message ? `the CMS refused the videos: ${body.message}` : `the CMS answered ${res.status}`);
      return body.results;
    },
  };
}
