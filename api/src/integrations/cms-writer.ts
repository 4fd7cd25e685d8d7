import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { SiteSettingsInput } from '@app/shared/schemas';
import type { ExportedArticle } from '../domain/exports/article-markdown.ts';
import type { ContentExporter } from '../domain/exports/export-content.ts';
import type { ArticleSink } from '../domain/articles/import-articles.ts';
import type { DraftArticle, DraftReader } from '../domain/articles/preview-article.ts';
import type { ArticleStateReader, CmsArticleState } from '../domain/admin/list-admin-articles.ts';
import type { ImportTargets } from '../domain/articles/plan-import.ts';
import type { SettingsWriter } from '../domain/settings/update-site-settings.ts';
import { AppError } from '../lib/app-error.ts';
import { createImportWrite, type ImportWriteTiming } from './cms-import-write.ts';

/** Payload's validation answer: `{ errors: [{ message, data: { errors: [{ message, path }] } }] }`. */
type PayloadErrors = { errors?: { message?: string; data?: { errors?: { message?: string }[] } }[] };

/** How long a list read waits before asking the CMS again. */
const LIST_RETRY_DELAYS_MS = [2_000, 5_000];

/** Writes to the CMS on behalf of admins (article imports and deletions, site settings) and reads what they export, with the service secret. */
export function createCmsWriter(cmsUrl: string, secret: string, importTiming?: ImportWriteTiming): ArticleSink & SettingsWriter & DraftReader & ArticleStateReader & ContentExporter & { deleteArticle(id: number): Promise<void> } {
  const headers = { 'content-type': 'application/json', 'x-internal-secret': secret };
  // Every document's few fields, a page of 500 at a time: one answer for thousands of articles (an
  // import's check for duplicates after a large import) could take longer than a request may.
  async function list<T>(collection: string, fields: string[]): Promise<T[]> {
    const select = fields.map((f) => `&select[${f}]=true`).join('');
    const docs: T[] = [];
    // The body read within the same time as the headers: one cut off is the CMS not answering, never a 500.
    const read = (page: number) =>
      fetch(`${cmsUrl}/cms/api/${collection}?limit=500&page=${page}&sort=id&depth=0${select}`, { headers, signal: AbortSignal.timeout(30_000) })
        .then(async (res) => (res.ok ? ((await res.json()) as { docs: T[]; hasNextPage?: boolean }) : null))
        .catch(() => null);
    for (let page = 1; ; page++) {
      // A CMS busy for a moment (it has just written thousands of articles, and every API instance
      // reads them back) is asked again twice before the admin is told to try again.
      let body = await read(page);
      for (const delayMs of LIST_RETRY_DELAYS_MS) {
        if (body) break;
        await new Promise((r) => setTimeout(r, delayMs));
        body = await read(page);
      }
      if (!body) throw new AppError('unavailable', 'The CMS could not be reached. Please try again.');
      docs.push(...body.docs);
      if (!body.hasNextPage) return docs;
    }
  }
  return {
    create: createImportWrite(cmsUrl, secret, importTiming),
    // Drafts included: a re-import must find the unpublished articles an earlier import made.
    async importTargets(): Promise<ImportTargets> {
      const [categories, articles] = await Promise.all([
        list<ImportTargets['categories'][number]>('categories', ['slug', 'title']),
        list<ImportTargets['articles'][number]>('articles', ['title', 'publishDate', 'sourceSlug', 'sourceSite']),
      ]);
      return { categories, articles };
    },
    // Admin → Articles: every article with where it stands, drafts included (the read model holds what is on the site).
    articleStates: () => list<CmsArticleState>('articles', ['title', '_status', 'publishDate', 'unpublishDate', 'membershipRequired', 'category', 'createdAt']),
    async updateSettings(settings: SiteSettingsInput) {
      const res = await fetch(`${cmsUrl}/cms/api/globals/site-settings`, { method: 'POST', headers, body: JSON.stringify(settings), signal: AbortSignal.timeout(15_000) }).catch(() => null);
      if (!res) throw new AppError('unavailable', 'The CMS could not be reached. Please try again.');
      if (res.ok) return void (await res.body?.cancel());
      const body = (await res.json().catch(() => ({}))) as PayloadErrors;
      const reason = body.errors?.[0]?.data?.errors?.[0]?.message ?? body.errors?.[0]?.message;
      if (res.status === 400 && reason) throw new AppError('bad_request', reason);
      throw new AppError('unavailable', 'The CMS could not save the settings. Please try again.');
    },
    // The latest version of an article, a draft included (a preview link shows it); null when there is none.
    async readDraftArticle(id: number) {
      const res = await fetch(`${cmsUrl}/cms/api/articles/${id}?draft=true&depth=1`, { headers, signal: AbortSignal.timeout(15_000) }).catch(() => null);
      if (!res) throw new AppError('unavailable', 'The CMS could not be reached. Please try again.');
      if (res.status === 404) return null;
      if (!res.ok) throw new AppError('unavailable', 'The CMS could not read the article. Please try again.');
      return (await res.json()) as DraftArticle;
    },
    // The content export (issue 39): 50 articles a page, oldest first, at depth 1 (category,
    // thumbnail and body pictures filled in). Without `draft=true` Payload answers each article's
    // published version, and a never-published draft as it stands.
    async *exportPages() {
      for (let page = 1; ; page++) {
        const res = await fetch(`${cmsUrl}/cms/api/articles?depth=1&limit=50&page=${page}&sort=id`, { headers, signal: AbortSignal.timeout(60_000) }).catch(() => null);
        if (!res?.ok) throw new AppError('unavailable', 'The CMS could not be reached. Please try again.');
        const body = (await res.json()) as { docs: ExportedArticle[]; hasNextPage?: boolean };
        yield body.docs;
        if (!body.hasNextPage) return;
      }
    },
    // A media file as Payload serves it (its own storage, wherever that is); null when it has none.
    async mediaFile(filename: string) {
      const res = await fetch(`${cmsUrl}/cms/api/media/file/${encodeURIComponent(filename)}`, { headers: { 'x-internal-secret': secret }, signal: AbortSignal.timeout(120_000) }).catch(() => null);
      if (!res?.ok || !res.body) {
        await res?.body?.cancel();
        return null;
      }
      return Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
    },
    async deleteArticle(id: number) {
      const res = await fetch(`${cmsUrl}/cms/api/articles/${id}`, { method: 'DELETE', headers, signal: AbortSignal.timeout(15_000) }).catch(() => null);
      if (!res) throw new AppError('unavailable', 'The CMS could not be reached. Please try again.');
      if (res.status === 404) throw new AppError('not_found', 'Article not found');
      if (!res.ok) throw new AppError('unavailable', 'The CMS could not delete the article. Please try again.');
    },
  };
}
