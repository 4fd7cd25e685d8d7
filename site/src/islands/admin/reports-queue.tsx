import { useStore } from '@nanostores/react';
import { api, errorMessage, formatShortDate, moderationReasonLabel, reportStatusLabel, type ModerationReason } from '@app/shared/browser';
import type { Report } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { createFetcherStore } from '../../lib/queries';
import { AdminTable } from './admin-table';
import { reloadModeration, useModerateContent } from './moderate-content-dialog';
import { RowMenu } from './row-menu';

const REPORTS = '/api/admin/reports';
const $reports = createFetcherStore<Report[]>([REPORTS]);

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

/** A member who abuses reports: their reports stop counting towards hiding anything (and can count again). */
async function ignoreReporter(report: Report, ignored: boolean) {
  try {
    await api.post(`/api/admin/reporters/${report.reporterId}/ignore`, { ignored });
    toast({ title: 'Reporter updated', description: ignored ? `Reports from ${report.reporterName} no longer count towards hiding content.` : `Reports from ${report.reporterName} count again.` });
    reloadModeration();
  } catch (err) {
    toast({ title: 'Error', description: errorMessage(err, 'An error occurred while updating the reporter.'), variant: 'destructive' });
  }
}

/** Content Moderation → Reports: one queue for posts, chat messages and comments (DESIGN §7.15). */
export function ReportsQueue() {
  const { data: reports, error } = useStore($reports);
  const { moderate, dialog } = useModerateContent();
  return (
    <>
      <AdminTable what="reports" data={reports} error={error} retry={reloadModeration} empty="No reported content found." columns={['Content', 'Type', 'Reported By', 'Reason', 'Date', 'Status', '']} minWidth={860}>
        {(rows) => rows.map((r) => (
          <tr key={r.id} data-testid="report-row">
            <td className="max-w-xs px-4 py-3 text-slate-800">
              {r.content}
              {r.isHidden && <span className="badge ml-2 bg-red-100 text-red-800">Hidden</span>}
              {r.notes && <p className="mt-1 text-xs text-slate-500">“{r.notes}”</p>}
            </td>
            <td className="px-4 py-3 text-slate-700">{r.typeLabel}</td>
            <td className="px-4 py-3 text-slate-700">{r.reporterName}{r.reporterIgnored && <span className="badge ml-2 bg-slate-200 text-slate-700">Not counted</span>}</td>
            <td className="px-4 py-3 text-slate-700">{moderationReasonLabel[r.reason as ModerationReason] ?? r.reason}</td>
            <td className="px-4 py-3 text-slate-700">{formatShortDate(r.reportedAt)}</td>
            <td className="px-4 py-3"><span className={`badge ${statusLook(r.status)}`}>{reportStatusLabel(r.status)}</span></td>
            <td className="px-4 py-3">
              <RowMenu label={`Actions for report ${r.id}`} items={[
                { label: r.isHidden ? 'Review Content' : 'Moderate Content', onSelect: () => moderate({ type: r.type, id: r.contentId, content: r.fullContent, isHidden: r.isHidden, hiddenReason: r.hiddenReason, moderationNotes: r.moderationNotes }) },
                ...(r.status === 'pending' ? [{ label: 'Dismiss Report', onSelect: () => void dismiss(r) }] : []),
                ...(r.link ? [{ label: 'View in Place', onSelect: () => window.open(r.link!, '_blank', 'noopener') }] : []),
                { label: r.reporterIgnored ? 'Count Reporter’s Reports' : 'Stop Counting Reporter’s Reports', onSelect: () => void ignoreReporter(r, !r.reporterIgnored) },
              ]} />
            </td>
          </tr>
        ))}
      </AdminTable>
      {dialog}
    </>
  );
}
