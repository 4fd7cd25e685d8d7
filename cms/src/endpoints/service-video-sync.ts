import type { Endpoint } from 'payload';
import { SYNCED_VIDEO_FIELDS, videoSyncPatch, type SyncedVideo, type SyncOutcome } from '@app/shared/browser';
import { hasServiceSecret } from '../access/editors';
import { notifyBatchSaved } from '../hooks/notify-content-changed';

const MAX_BATCH = 500;

function isSyncedVideo(v: unknown): v is SyncedVideo {
  const x = v as SyncedVideo;
  return typeof x?.externalId === 'string' && /^[\w-]{1,64}$/.test(x.externalId) && typeof x.values === 'object' && x.values !== null
    && typeof x.values.title === 'string' && typeof x.values.videoUrl === 'string' && (x.previous === null || typeof x.previous === 'object');
}

/**
 * POST /cms/api/videos/service-sync — the API's channel sync hands over the channel's videos;
 * each is created when its externalId is new, or updated where the previous sync's value still
 * stands (an editor's change and `membershipRequired` are never overwritten). One content signal
 * for the whole batch, after it is saved. Only our services may call it.
 */
export const serviceVideoSync: Endpoint = {
  path: '/service-sync',
  method: 'post',
  handler: async (req) => {
    if (!hasServiceSecret(req.headers)) return Response.json({ message: 'Not allowed' }, { status: 403 });
    const body = (await req.json?.().catch(() => null)) as { videos?: unknown } | null;
    const videos = body?.videos;
    if (!Array.isArray(videos) || videos.length > MAX_BATCH || !videos.every(isSyncedVideo)) {
      return Response.json({ message: `Expected { videos: [...] } with at most ${MAX_BATCH} videos, each with an externalId, values and previous` }, { status: 400 });
    }
    const { payload } = req;
    const context = { skipNotify: true };
    const results: SyncOutcome[] = [];
    try {
      const existing = await payload.find({ collection: 'videos', where: { externalId: { in: videos.map((v) => v.externalId) } }, pagination: false, depth: 0, overrideAccess: true });
      const byExternalId = new Map(existing.docs.map((d) => [d.externalId, d]));
      for (const video of videos) {
        const doc = byExternalId.get(video.externalId);
        if (!doc) {
          const created = await payload.create({ collection: 'videos', data: { ...video.values, externalId: video.externalId, membershipRequired: 'free', _status: 'published' }, overrideAccess: true, context });
          results.push({ externalId: video.externalId, id: created.id, outcome: 'added', kept: [] });
          continue;
        }
        const current = Object.fromEntries(SYNCED_VIDEO_FIELDS.map((f) => [f, doc[f]]));
        const { patch, kept } = videoSyncPatch(current, video);
        if (Object.keys(patch).length) await payload.update({ collection: 'videos', id: doc.id, data: patch, overrideAccess: true, context });
        results.push({ externalId: video.externalId, id: doc.id, outcome: Object.keys(patch).length ? 'updated' : 'unchanged', kept });
      }
    } catch (err) {
      return Response.json({ message: (err as Error).message }, { status: 400 });
    }
    if (results.some((r) => r.outcome !== 'unchanged')) await notifyBatchSaved(payload, 'videos');
    return Response.json({ results });
  },
};
