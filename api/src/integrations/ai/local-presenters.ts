import { PresenterServiceError, type Presenter, type TalkingPresenters } from '../../domain/ports/talking-presenters.ts';

/** The offline presenters: our own drawn avatars (site/public/ai-presenters), answering in text only. */
export const LOCAL_PRESENTERS: Presenter[] = [
  { id: 'local-maya', name: 'Maya', thumbnailUrl: '/ai-presenters/maya.svg', imageUrl: '/ai-presenters/maya.svg' },
  { id: 'local-theo', name: 'Theo', thumbnailUrl: '/ai-presenters/theo.svg', imageUrl: '/ai-presenters/theo.svg' },
  { id: 'local-iris', name: 'Iris', thumbnailUrl: '/ai-presenters/iris.svg', imageUrl: '/ai-presenters/iris.svg' },
];

export function createLocalPresenters(): TalkingPresenters {
  return {
    provider: 'local',
    listPresenters: () => Promise.resolve(LOCAL_PRESENTERS),
    createTalk: () => Promise.resolve(null),
    getTalk: () => Promise.reject(new PresenterServiceError('Offline presenters make no videos.', 'not_found')),
  };
}
