import { useStore } from '@nanostores/react';
import { api, errorMessage, formatShortDate, moderationReasonLabel, reportStatusLabel, type ModerationReason, type ReportType } from '@app/shared/browser';
import type { Report } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { createFetcherStore } from '../../lib/queries';
import { AdminTable } from './admin-table';
import { reloadModeration, useModerateContent } from './moderate-content-dialog';
import { RowMenu } from './row-menu';

const REPORTS = '/api/admin/reports';
const $reports = createFetcherStore<Report[]>([REPORTS]);

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
            <td className="px-4 py-3 text-slate-700">{TYPE_LABEL[r.type] ?? 'User Content'}</td>
            <td className="px-4 py-3 text-slate-700">{r.reporterName}</td>
            <td className="px-4 py-3 text-slate-700">{moderationReasonLabel[r.reason as ModerationReason] ?? r.reason}</td>
            <td className="px-4 py-3 text-slate-700">{formatShortDate(r.reportedAt)}</td>
            <td className="px-4 py-3"><span className={`badge ${statusLook(r.status)}`}>{reportStatusLabel(r.status)}</span></td>
            <td className="px-4 py-3">
              <RowMenu label={`Actions for report ${r.id}`} items={[
                { label: r.isHidden ? 'Review Content' : 'Moderate Content', onSelect: () => moderate({ type: r.type, id: r.contentId, content: r.fullContent, isHidden: r.isHidden, hiddenReason: r.hiddenReason, moderationNotes: r.moderationNotes }) },
                ...(r.status === 'pending' ? [{ label: 'Dismiss Report', onSelect: () => void dismiss(r) }] : []),
                ...(r.link ? [{ label: 'View in Place', onSelect: () => window.open(r.link!, '_blank', 'noopener') }] : []),
              ]} />
            </td>
          </tr>
        ))}
      </AdminTable>
      {dialog}
    </>
  );
}
