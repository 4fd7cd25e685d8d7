import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { api, errorMessage, formatShortDate, moderationReasonLabel, reportStatusLabel, type ModerationReason, type ReportType } from '@app/shared/browser';
import type { Report } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { createFetcherStore, invalidateKeys } from '../../lib/queries';
import { ModerateContentDialog, type ModeratedItem } from './moderate-content-dialog';
import { RowMenu } from './row-menu';

const REPORTS = '/api/admin/reports';
const $reports = createFetcherStore<Report[]>([REPORTS]);
/** Any moderation changes several lists at once: the queue, the posts, the messages, the comments. */
export const reloadModeration = () => invalidateKeys((k) => k.startsWith('/api/admin/'));

const TYPE_LABEL: Record<ReportType, string> = { bulletin: 'Bulletin Post', chat: 'Chat Message', comment: 'Article' };
const statusLook = (s: string) => (s === 'reviewed' ? 'bg-emerald-100 text-emerald-800' : s === 'dismissed' ? 'bg-slate-200 text-slate-700' : 'bg-amber-100 text-amber-900');

async function dismiss(report: Report) {
  try {
    await api.post(`${REPORTS}/${report.id}/dismiss`);
    toast({ title: 'Report dismissed', description: 'The report is closed; the content stays as it was.' });
    reloadModeration();
  } catch (err) {
    toast({ title: 'Error moderating content', description: errorMessage(err, 'An error occurred while moderating the content.'), variant: 'destructive' });
  }
}

/** Content Moderation → Reports: one queue for posts, chat messages and comments (DESIGN §7.15). */
export function ReportsQueue() {
  const { data: reports, error } = useStore($reports);
  const [moderating, setModerating] = useState<ModeratedItem | null>(null);
  if (error) return <p role="alert" className="text-sm text-red-700">Could not load reports: {errorMessage(error)} <button type="button" className="underline" onClick={reloadModeration}>Retry</button></p>;
  if (!reports) return <p className="text-slate-600">Loading reports...</p>;
  if (reports.length === 0) return <p className="card p-6 text-center text-slate-600">No reported content found.</p>;
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full min-w-[860px] text-left text-sm">
        <thead className="bg-slate-50 text-slate-600"><tr><th className="px-4 py-3 font-medium">Content</th><th className="px-4 py-3 font-medium">Type</th><th className="px-4 py-3 font-medium">Reported By</th><th className="px-4 py-3 font-medium">Reason</th><th className="px-4 py-3 font-medium">Date</th><th className="px-4 py-3 font-medium">Status</th><th className="px-4 py-3"><span className="sr-only">Actions</span></th></tr></thead>
        <tbody className="divide-y divide-slate-200">
          {reports.map((r) => (
            <tr key={r.id} data-testid="report-row">
              <td className="max-w-xs px-4 py-3 text-slate-800">
                {r.content}
                {r.isHidden && <span className="badge ml-2 bg-red-100 text-red-800">Hidden</span>}
                {r.notes && <p className="mt-1 text-xs text-slate-500">“{r.notes}”</p>}
              </td>
              <td className="px-4 py-3 text-slate-700">{TYPE_LABEL[r.type] ?? 'User Content'}</td>
              <td className="px-4 py-3 text-slate-700">{r.reporterName}</td>
              <td className="px-4 py-3 text-slate-700">{moderationReasonLabel[r.reason as ModerationReason] ?? r.reason}</td>
              <td className="px-4 py-3 text-slate-700">{formatShortDate(r.reportedAt)}</td>
              <td className="px-4 py-3"><span className={`badge ${statusLook(r.status)}`}>{reportStatusLabel(r.status)}</span></td>
              <td className="px-4 py-3">
                <RowMenu label={`Actions for report ${r.id}`} items={[
                  { label: r.isHidden ? 'Review Content' : 'Moderate Content', onSelect: () => setModerating({ type: r.type, id: r.contentId, content: r.fullContent, isHidden: r.isHidden, hiddenReason: r.hiddenReason, moderationNotes: r.moderationNotes }) },
                  ...(r.status === 'pending' ? [{ label: 'Dismiss Report', onSelect: () => void dismiss(r) }] : []),
                  ...(r.link ? [{ label: 'View in Place', onSelect: () => window.open(r.link!, '_blank', 'noopener') }] : []),
                ]} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {moderating && <ModerateContentDialog item={moderating} onClose={() => setModerating(null)} onSaved={reloadModeration} />}
    </div>
  );
}
