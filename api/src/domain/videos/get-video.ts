import { tierLabel, videoFor, type Viewer } from '@app/shared/browser';
import type { VideoDetail } from '@app/shared/schemas';
import { AppError } from '../../lib/app-error.ts';
import type { ContentIndex } from '../content/content-index.ts';

/** GET /api/youtube/videos/{id}: the video, with its player only when the viewer's tier allows (like an article's body). */
export function getVideo(index: ContentIndex, id: number, viewer: Viewer): VideoDetail {
  const video = index.videosById.get(id);
  if (!video) throw new AppError('not_found', 'Video not found');
  const shown = videoFor(viewer, video);
  return shown === video ? { ...video, locked: false } : { ...shown, locked: true, lockedReason: `This video is for ${tierLabel(video.membershipRequired)} members.` };
}
