import { ConfirmDialog } from '@app/ui/confirm-dialog';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { ADMIN_SECTIONS, callEndpoint, errorMessage, tierLabel } from '@app/shared/browser';
import type { ArticleSummary } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { createFetcherStore, invalidateKeys, mutateCache } from '../../lib/queries';
import ArticleUpload from './article-upload';

const ARTICLES = '/api/articles';
const $articles = createFetcherStore<ArticleSummary[]>([ARTICLES]);

/** Admin → Articles: the upload area (article-upload.tsx) and the article table (spec 02 §2). */
export default function ArticlesTab() {
  const { data: articles, error } = useStore($articles);
  const [deleting, setDeleting] = useState<ArticleSummary | null>(null);

  async function confirmDelete(article: ArticleSummary) {
    try {
      await callEndpoint(ADMIN_SECTIONS.articles.api.remove, { params: { id: article.id } });
      toast({ title: 'Article deleted', description: `“${article.title}” has been deleted. The site updates in a few seconds.` });
      mutateCache(ARTICLES, articles?.filter((a) => a.id !== article.id));
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'The article could not be deleted.'), variant: 'destructive' });
    } finally {
      setDeleting(null);
    }
  }

  return (
    <div className="space-y-8">
      <ArticleUpload onImported={() => setTimeout(() => invalidateKeys(ARTICLES), 1500)} />

      <section aria-labelledby="articles-title">
        <h2 id="articles-title" className="text-xl font-bold text-slate-900">Articles</h2>
        <div className="relative mt-4 overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full min-w-[600px] text-left text-sm">
            <thead className="bg-slate-50 text-slate-600"><tr><th className="px-4 py-3 font-medium">Title</th><th className="px-4 py-3 font-medium">Category</th><th className="px-4 py-3 font-medium">Membership</th><th className="px-4 py-3"><span className="sr-only">Actions</span></th></tr></thead>
            <tbody className="divide-y divide-slate-200">
              {articles?.map((a) => (
                <tr key={a.id}>
                  <td className="px-4 py-3"><a href={`/articles/${a.id}`} className="font-medium text-slate-900 hover:text-brand-700">{a.title}</a></td>
                  <td className="px-4 py-3 text-slate-700">{a.categoryTitle}</td>
                  <td className="px-4 py-3"><span className={`badge ${a.membershipRequired === 'free' ? 'bg-slate-100 text-slate-700' : 'bg-amber-100 text-amber-900'}`}>{tierLabel(a.membershipRequired)}</span></td>
                  <td className="whitespace-nowrap px-4 py-3 text-right">
                    <a href={`/cms/admin/collections/articles/${a.id}`} className="btn-outline mr-2" aria-label={`Edit ${a.title}`}>Edit</a>
                    <button type="button" className="btn-outline text-red-700" aria-label={`Delete ${a.title}`} onClick={() => setDeleting(a)}>Delete</button>
                  </td>
                </tr>
              ))}
              {articles?.length === 0 && <tr><td colSpan={4} className="px-4 py-6 text-center text-slate-600">No articles found. Upload some articles to get started.</td></tr>}
              {!articles && !error && <tr><td colSpan={4} className="px-4 py-6 text-center text-slate-600">Loading articles...</td></tr>}
              {error && <tr><td colSpan={4} className="px-4 py-6 text-center text-red-700">Could not load articles: {errorMessage(error)}</td></tr>}
            </tbody>
          </table>
        </div>
      </section>

      {deleting && (
        <ConfirmDialog title="Delete this article?" description={<>“{deleting.title}” will be removed from the site and the CMS. This cannot be undone.</>} onConfirm={() => void confirmDelete(deleting)} onClose={() => setDeleting(null)} />
      )}
    </div>
  );
}
