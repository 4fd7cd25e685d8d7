import { TALK_STATUSES, type TalkStatus } from '@app/shared/browser';
import { PresenterServiceError, type Presenter, type PresenterTalk, type TalkingPresenters } from '../../domain/ports/talking-presenters.ts';

export type DidSettings = { apiKey: string; baseUrl?: string; timeoutMs?: number; presentersTtlMs?: number };

type DidPresenter = { presenter_id?: unknown; name?: unknown; thumbnail_url?: unknown; image_url?: unknown; preview_url?: unknown };
type DidTalk = { id?: unknown; status?: unknown; result_url?: unknown };
type DidError = { kind?: unknown; description?: unknown; message?: unknown };

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** "v2_public_amber@Y5K02DLS4m" → "Amber": D-ID's presenters often carry no display name. */
function nameFromId(id: string): string {
  const base = id.replace(/@.*$/, '').replace(/^v\d+_public_/, '').split('_')[0] ?? id;
  return base.charAt(0).toUpperCase() + base.slice(1);
}

/**
 * D-ID's API (https://docs.d-id.com): presenters from GET /clips/presenters, talks created with
 * POST /talks (the presenter's image as `source_url`, the answer as a text script) and read with
 * GET /talks/{id}. Basic auth with the API key as D-ID issues it. Every call has a timeout; D-ID's
 * refusals, limits, silence and unreadable answers become PresenterServiceErrors.
 */
export function createDidClient(settings: DidSettings): TalkingPresenters {
  const base = (settings.baseUrl ?? 'https://api.d-id.com').replace(/\/$/, '');
  const timeoutMs = settings.timeoutMs ?? 15_000;
  const ttl = settings.presentersTtlMs ?? 10 * 60_000;
  let presenters: { at: number; list: Promise<Presenter[]> } | null = null;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Basic ${settings.apiKey}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      if ((err as Error).name === 'TimeoutError') throw new PresenterServiceError(`D-ID did not answer within ${Math.round(timeoutMs / 1000)} seconds.`, 'timeout');
      throw new PresenterServiceError('D-ID could not be reached.', 'unavailable');
    }
    let json: unknown = null;
    try {
      json = await res.json();
    } catch {
      if (res.ok) throw new PresenterServiceError(`D-ID sent an answer that could not be read (status ${res.status}).`, 'unavailable');
    }
    if (!res.ok) {
      const e = (json ?? {}) as DidError;
      const why = text(e.description) ?? text(e.message) ?? text(e.kind) ?? `status ${res.status}`;
      if (res.status === 401 || res.status === 403) throw new PresenterServiceError(`D-ID refused the API key (${why}). Check DID_API_KEY.`, 'unauthorized');
      if (res.status === 429) throw new PresenterServiceError(`D-ID's rate limit or credits are used up (${why}).`, 'rate_limited');
      if (res.status === 404) throw new PresenterServiceError(`D-ID does not know this (${why}).`, 'not_found');
      if (res.status < 500) throw new PresenterServiceError(`D-ID refused the request (${why}).`, 'rejected');
      throw new PresenterServiceError(`D-ID answered with an error (${why}).`, 'unavailable');
    }
    if (typeof json !== 'object' || json === null) throw new PresenterServiceError('D-ID sent an answer that could not be read.', 'unavailable');
    return json as T;
  }

  function toTalk(t: DidTalk): PresenterTalk {
    const id = text(t.id);
    if (!id) throw new PresenterServiceError('D-ID sent a talk without an id.', 'unavailable');
    // "rejected" (content moderation) ends a talk like an error does.
    const status: TalkStatus = t.status === 'rejected' ? 'error' : TALK_STATUSES.includes(t.status as TalkStatus) ? (t.status as TalkStatus) : 'started';
    return { id, status, resultUrl: status === 'done' ? text(t.result_url) : null };
  }

  async function loadPresenters(): Promise<Presenter[]> {
    const body = await call<{ presenters?: unknown }>('GET', '/clips/presenters');
    if (!Array.isArray(body.presenters)) throw new PresenterServiceError('D-ID sent a presenter list that could not be read.', 'unavailable');
    return (body.presenters as DidPresenter[]).flatMap((p) => {
      const id = text(p.presenter_id);
      const image = text(p.image_url) ?? text(p.thumbnail_url);
      if (!id || !image) return [];
      return [{ id, name: text(p.name) ?? nameFromId(id), thumbnailUrl: text(p.thumbnail_url) ?? image, imageUrl: image }];
    });
  }

  return {
    provider: 'did',
    listPresenters() {
      if (!presenters || Date.now() - presenters.at > ttl) {
        const list = loadPresenters();
        presenters = { at: Date.now(), list };
        // A failed load is not kept: the next question asks again.
        list.catch(() => {
          if (presenters?.list === list) presenters = null;
        });
      }
      return presenters.list;
    },
    async createTalk(presenter, script) {
      return toTalk(await call<DidTalk>('POST', '/talks', { source_url: presenter.imageUrl, script: { type: 'text', input: script } }));
    },
    async getTalk(id) {
      return toTalk(await call<DidTalk>('GET', `/talks/${encodeURIComponent(id)}`));
    },
  };
}
