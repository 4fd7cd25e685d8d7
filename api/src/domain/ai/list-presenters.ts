import { AI_MESSAGES, type AiPresenter } from '@app/shared/browser';
import { AppError } from '../../lib/app-error.ts';
import type { Presenter } from '../ports/talking-presenters.ts';
import type { AiDeps } from './ai-deps.ts';

/** The presenters the service offers, or 503 with the spec's sentence when it cannot be reached. */
export async function availablePresenters(deps: Pick<AiDeps, 'presenters' | 'logger'>): Promise<Presenter[]> {
  try {
    return await deps.presenters.listPresenters();
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message, provider: deps.presenters.provider }, 'AI presenters unavailable');
    throw new AppError('unavailable', AI_MESSAGES.unavailable);
  }
}

/** GET /api/ai/presenters (spec 02 §7). */
export async function listPresenters(deps: Pick<AiDeps, 'presenters' | 'logger'>): Promise<AiPresenter[]> {
  return (await availablePresenters(deps)).map((p) => ({ id: p.id, name: p.name, thumbnail_url: p.thumbnailUrl }));
}
