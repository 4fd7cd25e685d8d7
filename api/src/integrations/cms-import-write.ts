import type { ArticleImport, PictureLeftOut } from '@app/shared/schemas';
import type { ArticleWritten } from '../domain/articles/import-articles.ts';

export type ImportWriteTiming = {
  /** How long one attempt may take, the answer's body included (a long article with its pictures is written in one). */
  attemptMs: number;
  /** The pauses before each further attempt: their number is the number of retries. */
  retryDelaysMs: number[];
};

/**
 * A CMS under an import's load may answer slowly; an article (with up to 100 pictures) is written
 * in one transaction. A lost or late answer is never a failure by itself: the write is sent again
 * with the same key, and the CMS answers the article the first one made (issue 49 #4).
 */
export const IMPORT_WRITE_TIMING: ImportWriteTiming = { attemptMs: 120_000, retryDelaysMs: [1_000, 4_000, 15_000] };

type Answer = { id?: number; message?: string; addressesTaken?: string[]; alreadyImported?: boolean; picturesLeftOut?: PictureLeftOut[] };
/** What one attempt came to: the article, a refusal (final), or a reason to try again. */
type Attempt = { written: Answer & { id: number } } | { refused: string } | { retry: string };

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Writes one article of an import idempotently. Each attempt is one POST whose answer is read in
 * full within `attemptMs`; an answer that does not come, is cut off, or is a 5xx/429 is retried
 * with the same `importKey` (and the same `replaces`), which the CMS answers with the article the
 * earlier attempt made. A refusal (4xx) is final. When every attempt fails, the CMS is asked
 * whether the article is there, so the import's report says what the CMS holds.
 */
export function createImportWrite(cmsUrl: string, secret: string, timing: ImportWriteTiming = IMPORT_WRITE_TIMING) {
  const headers = { 'content-type': 'application/json', 'x-internal-secret': secret };

  async function attempt(body: string): Promise<Attempt> {
    // One of an import's articles: the CMS does not announce it; the import signals once at its end.
    const signal = AbortSignal.timeout(timing.attemptMs);
    try {
      const res = await fetch(`${cmsUrl}/cms/api/articles/service-import`, { method: 'POST', headers: { ...headers, 'x-import-batch': '1' }, body, signal });
      const text = await res.text();
      const answer = (() => {
        try {
          return JSON.parse(text) as Answer;
        } catch {
          return {} as Answer;
        }
      })();
      if (res.ok && typeof answer.id === 'number') return { written: { ...answer, id: answer.id } };
      if (res.ok) return { retry: `the CMS answered ${res.status} without the article` };
      if (res.status >= 500 || res.status === 429) return { retry: `the CMS answered ${res.status}` };
      return { refused: answer.message ? `the CMS refused it: ${answer.message}` : `the CMS answered ${res.status}` };
    } catch {
      return { retry: signal.aborted ? 'the CMS did not answer in time' : 'the CMS could not be reached' };
    }
  }

  /** The article holding `importKey`, drafts included; undefined when there is none, null when the CMS cannot say. */
  async function holderOf(importKey: string): Promise<number | undefined | null> {
    const query = `where[importKey][equals]=${importKey}&draft=true&depth=0&limit=1&select[id]=true`;
    const res = await fetch(`${cmsUrl}/cms/api/articles?${query}`, { headers, signal: AbortSignal.timeout(timing.attemptMs) }).catch(() => null);
    if (!res?.ok) return null;
    const found = (await res.json().catch(() => null)) as { docs?: { id: number }[] } | null;
    return found?.docs ? (found.docs[0]?.id ?? undefined) : null;
  }

  return async function write(article: ArticleImport): Promise<ArticleWritten> {
    const body = JSON.stringify(article);
    let reason = '';
    for (let i = 0; i <= timing.retryDelaysMs.length; i++) {
      if (i > 0) await pause(timing.retryDelaysMs[i - 1]!);
      const outcome = await attempt(body);
      if ('refused' in outcome) throw new Error(outcome.refused);
      if ('written' in outcome) {
        const { id, addressesTaken = [], alreadyImported = false, picturesLeftOut = [] } = outcome.written;
        // Held on a first attempt: an earlier import wrote this file. Held on a retry: ours, whose answer was lost.
        return { id, addressesTaken, alreadyImported: alreadyImported && i === 0, ...(picturesLeftOut.length ? { picturesLeftOut } : {}) };
      }
      reason = outcome.retry;
    }
    const tries = `${timing.retryDelaysMs.length + 1} tries`;
    // An update's article is there either way; whether it holds the new version cannot be told.
    if (!article.importKey || article.replaces) throw new Error(`${reason} (${tries})`);
    const held = await holderOf(article.importKey);
    if (typeof held === 'number') return { id: held, addressesTaken: [], alreadyImported: false };
    if (held === undefined) throw new Error(`${reason} (${tries}); it is not in the CMS`);
    throw new Error(`${reason} (${tries}); whether the CMS wrote it could not be checked — importing the file again finds it, never a second copy`);
  };
}
