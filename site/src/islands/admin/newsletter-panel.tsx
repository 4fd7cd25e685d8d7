import { ConfirmDialog } from '@app/ui/confirm-dialog';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { ADMIN_SECTIONS, callEndpoint, errorMessage, NEWSLETTER_SEGMENTS, tierLabel, type NewsletterReport, type NewsletterSegment } from '@app/shared/browser';
import type { ArticleSummary } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { createFetcherStore, invalidateKeys, mutateCache } from '../../lib/queries';
import { withSecondFactor } from '../../lib/step-up';

const REPORTS = ADMIN_SECTIONS.articles.api.newsletters.path;
const $reports = createFetcherStore<NewsletterReport[]>([REPORTS]);
const segmentLabel = (s: NewsletterSegment) => (s === 'all' ? 'All members' : `${tierLabel(s)} members`);
const at = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Admin → Articles → Newsletter (issue 37 #8): an article sent by email to a segment, and each
 * send's report. A member whose tier does not reach the article gets its public part and a link.
 */
export default function NewsletterPanel({ articles }: { articles: ArticleSummary[] | undefined }) {
  const { data: reports, error } = useStore($reports);
  const [articleId, setArticleId] = useState<number | ''>('');
  const [segment, setSegment] = useState<NewsletterSegment>('all');
  const [confirming, setConfirming] = useState(false);
  const [testing, setTesting] = useState(false);
  const article = articles?.find((a) => a.id === articleId);
  const sending = reports?.some((r) => r.pending > 0) ?? false;

  // While copies are still going out, the report follows them.
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => invalidateKeys(REPORTS), 3000);
    return () => clearInterval(timer);
  }, [sending]);

  async function send() {
    setConfirming(false);
    if (!article) return;
    try {
      const report = await withSecondFactor(() => callEndpoint(ADMIN_SECTIONS.articles.api.sendNewsletter, { body: { articleId: article.id, segment } }));
      mutateCache(REPORTS, [report, ...(reports ?? [])]);
      toast({ title: 'Newsletter on its way', description: `“${article.title}” is being sent to ${report.recipients - report.unsubscribed} ${segmentLabel(segment).toLowerCase()}.` });
      setArticleId('');
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'The newsletter could not be sent.'), variant: 'destructive' });
    }
  }

  // "Send a test to me" (issue 47 #13): one copy to the admin, as the chosen segment will see it.
  async function sendTest() {
    if (!article) return;
    setTesting(true);
    try {
      const { message } = await callEndpoint(ADMIN_SECTIONS.articles.api.testNewsletter, { body: { articleId: article.id, segment } });
      toast({ title: 'Test sent', description: message });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'The test could not be sent.'), variant: 'destructive' });
    } finally {
      setTesting(false);
    }
  }

  return (
    <section aria-labelledby="newsletter-title">
      <h2 id="newsletter-title" className="text-xl font-bold text-slate-900">Newsletter</h2>
      <p className="mt-1 text-sm text-slate-600">Send an article by email. Members whose membership does not include it get its excerpt and a link, never the article itself. Members who turned the newsletter off are left out.</p>
      <form className="mt-3 flex flex-wrap items-end gap-3" onSubmit={(e) => { e.preventDefault(); if (article) setConfirming(true); }}>
        <label className="flex flex-col text-sm font-medium text-slate-700">
          Article
          <select required value={articleId} onChange={(e) => setArticleId(e.target.value ? Number(e.target.value) : '')} className="mt-1 max-w-xs rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-normal">
            <option value="">Choose an article</option>
            {articles?.map((a) => <option key={a.id} value={a.id}>{a.title}{a.membershipRequired !== 'free' ? ` (${tierLabel(a.membershipRequired)})` : ''}</option>)}
          </select>
        </label>
        <label className="flex flex-col text-sm font-medium text-slate-700">
          Send to
          <select value={segment} onChange={(e) => setSegment(e.target.value as NewsletterSegment)} className="mt-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-normal">
            {NEWSLETTER_SEGMENTS.map((s) => <option key={s} value={s}>{segmentLabel(s)}</option>)}
          </select>
        </label>
        <button type="button" className="btn-outline" disabled={!article || testing} onClick={() => void sendTest()}>Send a test to me</button>
        <button type="submit" className="btn-primary" disabled={!article}>Send newsletter</button>
      </form>

      {/* A scroll region keyboards can reach (WCAG 2.1.1, axe's scrollable-region-focusable): at 390 px the report scrolls sideways. */}
      <div className="relative mt-4 overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600" tabIndex={0} role="region" aria-label="Newsletters sent (scrolls sideways)">
        <table className="w-full min-w-[640px] text-left text-sm">
          <caption className="sr-only">Newsletters sent</caption>
          <thead className="bg-slate-50 text-slate-600">
            <tr><th className="px-4 py-3 font-medium">Article</th><th className="px-4 py-3 font-medium">To</th><th className="px-4 py-3 font-medium">Queued</th><th className="px-4 py-3 text-right font-medium">Sent</th><th className="px-4 py-3 text-right font-medium">Failed</th><th className="px-4 py-3 text-right font-medium">Unsubscribed</th><th className="px-4 py-3 font-medium">Status</th></tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {reports?.map((r) => (
              <tr key={r.id}>
                <td className="px-4 py-3 font-medium text-slate-900">{r.title}</td>
                <td className="px-4 py-3 text-slate-700">{segmentLabel(r.segment)}</td>
                <td className="px-4 py-3 text-slate-700">{at(r.createdAt)}{r.sentBy && <> by {r.sentBy}</>}</td>
                <td className="px-4 py-3 text-right tabular-nums">{r.sent}</td>
                <td className="px-4 py-3 text-right tabular-nums">{r.failed}</td>
                <td className="px-4 py-3 text-right tabular-nums">{r.unsubscribed}</td>
                <td className="px-4 py-3">{r.pending > 0 ? <span className="badge bg-sky-100 text-sky-900">Sending · {r.pending} to go</span> : <span className="badge bg-emerald-100 text-emerald-900">Done</span>}</td>
              </tr>
            ))}
            {reports?.length === 0 && <tr><td colSpan={7} className="px-4 py-6 text-center text-slate-600">No newsletter sent yet.</td></tr>}
            {error && <tr><td colSpan={7} className="px-4 py-6 text-center text-red-700">Could not load the newsletters: {errorMessage(error)}</td></tr>}
          </tbody>
        </table>
      </div>

      {confirming && article && (
        <ConfirmDialog title="Send this newsletter?" confirmLabel="Send" description={<>“{article.title}” will be emailed to {segmentLabel(segment).toLowerCase()}. This cannot be undone.</>} onConfirm={() => void send()} onClose={() => setConfirming(false)} />
      )}
    </section>
  );
}
