import { ConfirmDialog } from '@app/ui/confirm-dialog';
import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import { api, errorMessage, tierLabel } from '@app/shared/browser';
import type { ArticleSummary, ImportResult } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { createFetcherStore, invalidateKeys, mutateCache } from '../../lib/queries';

const ARTICLES = '/api/articles';
const $articles = createFetcherStore<ArticleSummary[]>([ARTICLES]);


/** Admin → Articles: the article table and the ZIP upload (spec 02 §2, §5). */
export default function ArticlesTab() {
  const { data: articles, error } = useStore($articles);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [deleting, setDeleting] = useState<ArticleSummary | null>(null);
  const input = useRef<HTMLInputElement>(null);


  async function uploadZip() {
    if (!file) return toast({ title: 'No file selected', description: 'Please select a ZIP file to upload.', variant: 'destructive' });
    if (!(file.type.includes('zip') || /\.zip$/i.test(file.name))) {
      return toast({ title: 'Invalid file format', description: 'Please upload a ZIP file containing your articles.', variant: 'destructive' });
    }
    setResult(null);
    setProgress(0);
    // The upload itself reports no progress here; the bar moves 10% every half second up to 90%.
    const timer = setInterval(() => setProgress((p) => (p === null ? p : Math.min(90, p + 10))), 500);
    try {
      const form = new FormData();
      form.append('file', file);
      const res = await fetch('/api/admin/articles/upload', { method: 'POST', body: form, credentials: 'include' });
      const body = await res.json().catch(() => ({}));
      if (!res.ok) throw new Error(body.message || 'Failed to upload articles');
      setProgress(100);
      setResult(body as ImportResult);
      toast({ title: 'Upload successful', description: `${body.articlesImported} article${body.articlesImported === 1 ? '' : 's'} imported. ${body.errors?.length ? `${body.errors.length} could not be imported.` : ''}`.trim() });
      setFile(null);
      if (input.current) input.current.value = '';
      setTimeout(() => invalidateKeys(ARTICLES), 1500);
    } catch (err) {
      toast({ title: 'Upload failed', description: err instanceof Error ? err.message : 'An unknown error occurred', variant: 'destructive' });
    } finally {
      clearInterval(timer);
      setTimeout(() => setProgress(null), 800);
    }
  }

  async function confirmDelete(article: ArticleSummary) {
    try {
      await api.delete(`/api/admin/articles/${article.id}`);
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
      <section className="card p-6" aria-labelledby="upload-title">
        <h2 id="upload-title" className="text-xl font-bold text-slate-900">Upload Articles</h2>
        <p className="mt-1 text-sm text-slate-600">A ZIP of Markdown (.md) or HTML files with frontmatter: title, excerpt, category, author, membershipRequired, publishDate, thumbnail (an image in the ZIP) and interactive. Up to 20 MB and 500 files.</p>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <label htmlFor="zip-file" className="sr-only">ZIP file</label>
          <input ref={input} id="zip-file" type="file" accept=".zip,application/zip" onChange={(e) => setFile(e.target.files?.[0] ?? null)} className="text-sm" />
          <button type="button" className="btn-primary" disabled={progress !== null} onClick={() => void uploadZip()}>{progress !== null ? 'Uploading...' : 'Upload'}</button>
        </div>
        {progress !== null && (
          <div className="mt-4 h-2 w-full overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label="Upload progress" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100}>
            <div className="h-full bg-brand-600 transition-all" style={{ width: `${progress}%` }} />
          </div>
        )}
        {result && (
          <div className="mt-4 text-sm" role="status">
            <p className="font-medium text-slate-900">{result.message}</p>
            {result.errors.length > 0 && <ul className="mt-2 list-disc space-y-1 pl-5 text-red-800">{result.errors.map((e) => <li key={e.file}><span className="font-mono">{e.file}</span>: {e.message}</li>)}</ul>}
          </div>
        )}
      </section>

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
