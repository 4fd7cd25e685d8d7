import type { TalkStatus } from '@app/shared/browser';

/** A presenter as the service knows it: `imageUrl` is the face a talk animates. */
export type Presenter = { id: string; name: string; thumbnailUrl: string; imageUrl: string };

/** A talk at the service: D-ID's status words, and the video once done. */
export type PresenterTalk = { id: string; status: TalkStatus; resultUrl: string | null };

/**
 * Who says the assistant's answers (DESIGN §5; implemented in integrations/ai/): D-ID's talking
 * presenters when configured, else the offline presenters, drawn, who say nothing aloud and need
 * no service. The answer's words come from the site either way; a presenter only turns them into
 * a video.
 */
export interface TalkingPresenters {
  readonly provider: 'local' | 'did';
  listPresenters(): Promise<Presenter[]>;
  /** A talk saying `script`, or null when this presenter makes no video (the offline ones). */
  createTalk(presenter: Presenter, script: string): Promise<PresenterTalk | null>;
  getTalk(id: string): Promise<PresenterTalk>;
}

/**
 * What went wrong at the service, in kinds an admin can act on: our key refused, its rate limit
 * reached, no answer in time, a talk it does not know, a request it refused, or the service down.
 */
export type PresenterFailure = 'unauthorized' | 'rate_limited' | 'timeout' | 'not_found' | 'rejected' | 'unavailable';

export class PresenterServiceError extends Error {
  readonly kind: PresenterFailure;
  constructor(message: string, kind: PresenterFailure) {
    super(message);
    this.name = 'PresenterServiceError';
    this.kind = kind;
  }
}
