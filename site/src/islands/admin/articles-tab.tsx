import { ConfirmDialog } from '@app/ui/confirm-dialog';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { ADMIN_SECTIONS, callEndpoint, errorMessage, tierLabel, urlOf } from '@app/shared/browser';
import type { AdminOldAddress } from '@app/shared/browser';
import type { AdminArticle, ArticleStatus, ArticleSummary, ScheduledArticle } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { createFetcherStore, endpointStore, invalidateKeys, mutateCache } from '../../lib/queries';
import ArticleUpload from './article-upload';
import NewsletterPanel from './newsletter-panel';
import ReadingNumbers from './reading-numbers';
import { StepUpDownload } from '../../lib/step-up';

// The table lists every article the CMS holds (drafts included) with its status and readings; the
// newsletter offers what is on the site.
const LIST = ADMIN_SECTIONS.articles.api.list;
const $list = endpointStore(LIST);
const ARTICLES = '/api/articles';
const $articles = createFetcherStore<ArticleSummary[]>([ARTICLES]);
const OLD_ADDRESSES = ADMIN_SECTIONS.articles.api.oldAddresses.path;
const $oldAddresses = createFetcherStore<AdminOldAddress[]>([OLD_ADDRESSES]);
const SCHEDULED = ADMIN_SECTIONS.articles.api.scheduled.path;
const $scheduled = createFetcherStore<ScheduledArticle[]>([SCHEDULED]);
const at = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const STATUS: Record<ArticleStatus, { label: string; className: string }> = {
  draft: { label: 'Draft', className: 'bg-slate-100 text-slate-700' },
  scheduled: { label: 'Scheduled', className: 'bg-sky-100 text-sky-900' },
  live: { label: 'Live', className: 'bg-emerald-100 text-emerald-900' },
  ended: { label: 'Ended', className: 'bg-slate-100 text-slate-700' },
};
const titleOf = (a: Pick<AdminArticle, 'title'>) => a.title || 'Untitled draft';

/** An article's addresses on the previous site, each answering 301 here. */
function OldAddressList({ addresses }: { addresses: AdminOldAddress[] }) {
  if (addresses.length === 0) return null;
  return (
    <details className="mt-1 text-xs text-slate-600">
      <summary className="cursor-pointer py-1">{addresses.length === 1 ? '1 old address' : `${addresses.length} old addresses`}</summary>
      <ul className="mt-1 space-y-0.5">
        {addresses.map((a) => <li key={a.path}><code className="break-all">{a.path}</code>{a.answer === 404 && ' (redirects once the article is published)'}</li>)}
      </ul>
    </details>
  );
}

/** Admin → Articles: the upload area (article-upload.tsx), the article table (spec 02 §2), the newsletter (issue 37) and the reading numbers (issue 39). */
export default function ArticlesTab() {
  const { data: list, error } = useStore($list);
  const { data: articles } = useStore($articles);
  const { data: oldAddresses } = useStore($oldAddresses);
  const { data: scheduled } = useStore($scheduled);
  const addressesOf = (id: number) => oldAddresses?.filter((a) => a.articleId === id) ?? [];
  const gone = oldAddresses?.filter((a) => a.answer === 410) ?? [];
  const [deleting, setDeleting] = useState<AdminArticle | null>(null);

  async function confirmDelete(article: AdminArticle) {
    try {
      await callEndpoint(ADMIN_SECTIONS.articles.api.remove, { params: { id: article.id } });
      toast({ title: 'Article deleted', description: `“${titleOf(article)}” has been deleted. The site updates in a few seconds.` });
      mutateCache(LIST.path, list?.filter((a) => a.id !== article.id));
      // Its old addresses now answer "Gone" (once the content reloads).
      setTimeout(() => invalidateKeys([OLD_ADDRESSES, ARTICLES]), 1500);
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'The article could not be deleted.'), variant: 'destructive' });
    } finally {
      setDeleting(null);
    }
  }

  // Preview links already shared stop opening (issue 47 #6); a new one can be made afterwards.
  async function revokePreviews(article: AdminArticle) {
    try {
      await callEndpoint(ADMIN_SECTIONS.articles.api.revokePreviewLinks, { params: { id: article.id } });
      toast({ title: 'Preview links revoked', description: `Earlier preview links of “${titleOf(article)}” no longer open.` });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'The preview links could not be revoked.'), variant: 'destructive' });
    }
  }

  return (
    <div className="space-y-8">
      <ArticleUpload onImported={() => setTimeout(() => invalidateKeys([LIST.path, ARTICLES, OLD_ADDRESSES]), 1500)} />

      {scheduled && scheduled.length > 0 && (
        <section aria-labelledby="scheduled-title">
          <h2 id="scheduled-title" className="text-xl font-bold text-slate-900">Scheduled</h2>
          <p className="mt-1 text-sm text-slate-600">Published with a date to come: each goes live on its own at its time.</p>
          <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {scheduled.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                <span className="font-medium text-slate-900">{a.title}</span>
                <span className="text-slate-700">
                  <span className="badge bg-sky-100 text-sky-900">Scheduled</span> {at(a.publishDate)}
                  {a.unpublishDate && <> · until {at(a.unpublishDate)}</>}
                  <a href={`/cms/admin/collections/articles/${a.id}`} className="btn-outline ml-3" aria-label={`Edit ${a.title}`}>Edit</a>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="articles-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="articles-title" className="text-xl font-bold text-slate-900">Articles</h2>
          {/* Every article as Markdown with its pictures, which the import above takes back (recorded in the audit log). */}
          <StepUpDownload className="btn-outline" href={urlOf(ADMIN_SECTIONS.articles.api.exportContent)}>Export all content (ZIP)</StepUpDownload>
        </div>
        {/* Scrolls sideways on a phone: focusable, so the keyboard can scroll it too. */}
        <div className="relative mt-4 overflow-x-auto rounded-lg border border-slate-200" tabIndex={0} role="region" aria-labelledby="articles-title">
          <table className="w-full min-w-[720px] text-left text-sm">
            <thead className="bg-slate-50 text-slate-600"><tr><th className="px-4 py-3 font-medium">Title</th><th className="px-4 py-3 font-medium">Category</th><th className="px-4 py-3 font-medium">Membership</th><th className="px-4 py-3 font-medium">Status</th><th className="px-4 py-3 text-right font-medium">Views</th><th className="px-4 py-3"><span className="sr-only">Actions</span></th></tr></thead>
            <tbody className="divide-y divide-slate-200">
              {list?.map((a) => (
                <tr key={a.id} data-admin-article={a.id}>
                  <td className="px-4 py-3">
                    {/* Links and the disclosure under them are at least 24 px high (WCAG 2.5.8, target size). */}
                    {a.status === 'live' ? <a href={`/articles/${a.id}`} className="inline-block py-0.5 font-medium text-slate-900 hover:text-brand-700">{titleOf(a)}</a> : <span className="inline-block py-0.5 font-medium text-slate-900">{titleOf(a)}</span>}
                    <OldAddressList addresses={addressesOf(a.id)} />
                  </td>
                  <td className="px-4 py-3 text-slate-700">{a.categoryTitle ?? '—'}</td>
                  <td className="px-4 py-3"><span className={`badge ${a.membershipRequired === 'free' ? 'bg-slate-100 text-slate-700' : 'bg-amber-100 text-amber-900'}`}>{tierLabel(a.membershipRequired)}</span></td>
                  <td className="px-4 py-3"><span className={`badge ${STATUS[a.status].className}`} data-status={a.status}>{STATUS[a.status].label}</span></td>
                  <td className="px-4 py-3 text-right tabular-nums text-slate-700" data-views>{a.views.toLocaleString('en-US')}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-right">
                    <a href={`/cms/admin/collections/articles/${a.id}`} className="btn-outline mr-2" aria-label={`Edit ${titleOf(a)}`}>Edit</a>
                    <button type="button" className="btn-outline mr-2 w-28 whitespace-normal align-middle text-xs leading-tight" aria-label={`Revoke earlier preview links of ${titleOf(a)}`} onClick={() => void revokePreviews(a)}>Revoke earlier preview links</button>
                    <button type="button" className="btn-outline text-red-700" aria-label={`Delete ${titleOf(a)}`} onClick={() => setDeleting(a)}>Delete</button>
                  </td>
                </tr>
              ))}
              {list?.length === 0 && <tr><td colSpan={6} className="px-4 py-6 text-center text-slate-600">No articles found. Upload some articles to get started.</td></tr>}
              {!list && !error && <tr><td colSpan={6} className="px-4 py-6 text-center text-slate-600">Loading articles...</td></tr>}
              {error && <tr><td colSpan={6} className="px-4 py-6 text-center text-red-700">Could not load articles: {errorMessage(error)}</td></tr>}
            </tbody>
          </table>
        </div>
        {gone.length > 0 && (
          <details className="mt-4 text-sm text-slate-700">
            <summary className="cursor-pointer font-medium">Old addresses of deleted articles ({gone.length}): they answer “Gone”</summary>
            <ul className="mt-2 space-y-0.5 text-xs">{gone.map((a) => <li key={a.path}><code className="break-all">{a.path}</code></li>)}</ul>
          </details>
        )}
      </section>

      <NewsletterPanel articles={articles} />

      <ReadingNumbers />

      {deleting && (
        <ConfirmDialog title="Delete this article?" description={<>“{titleOf(deleting)}” will be removed from the site and the CMS. This cannot be undone.</>} onConfirm={() => void confirmDelete(deleting)} onClose={() => setDeleting(null)} />
      )}
    </div>
  );
}
