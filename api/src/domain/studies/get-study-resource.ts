import { can, introVideoEmbed, studyTier, type StudyResourceDetail, type Viewer } from '@app/shared/browser';
import { publicStudyResource } from '@app/shared/server';
import { AppError } from '../../lib/app-error.ts';
import type { ContentIndex } from '../content/content-index.ts';

/** GET /api/study-resources/{id}: a study, with its intro video only when the viewer may watch it (premium: Pro and above). */
export function getStudyResource(index: ContentIndex, id: number, viewer: Viewer): StudyResourceDetail {
  const resource = index.studyResources.get(id);
  if (!resource) throw new AppError('not_found', 'Study resource not found');
  if (!can(viewer, 'read', { membershipRequired: studyTier(resource) })) return { ...publicStudyResource(resource), locked: true, embedUrl: null };
  return { ...resource, locked: false, embedUrl: introVideoEmbed(resource.videoUrl) };
}
