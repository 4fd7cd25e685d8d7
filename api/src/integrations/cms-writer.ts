import type { ArticleImport } from '@app/shared/schemas';
import type { ArticleSink } from '../domain/articles/import-articles.ts';
import { AppError } from '../lib/app-error.ts';

/** Writes to the CMS on behalf of admins: article imports and deletions, with the service secret. */
export function createCmsWriter(cmsUrl: string, secret: string): ArticleSink & { deleteArticle(id: number): Promise<void> } {
  const headers = { 'content-type': 'application/json', 'x-internal-secret': secret };
  return {
    async create(article: ArticleImport) {
      const res = await fetch(`${cmsUrl}/cms/api/articles/service-import`, { method: 'POST', headers, body: JSON.stringify(article), signal: AbortSignal.timeout(30_000) });
      const body = (await res.json().catch(() => ({}))) as { id?: number; message?: string };
      if (!res.ok || !body.id) throw new Error(body.message ? `the CMS refused it: ${body.message}` : `the CMS answered ${res.status}`);
      return { id: body.id };
    },
    async deleteArticle(id: number) {
      const res = await fetch(`${cmsUrl}/cms/api/articles/${id}`, { method: 'DELETE', headers, signal: AbortSignal.timeout(15_000) });
      if (res.status === 404) throw new AppError('not_found', 'Article not found');
      if (!res.ok) throw new AppError('unavailable', 'The CMS could not delete the article. Please try again.');
    },
  };
}
