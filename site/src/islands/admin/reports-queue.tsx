import { useStore } from '@nanostores/react';
import { ADMIN_SECTIONS, callEndpoint, errorMessage, formatShortDateTime, moderationReasonLabel, reportStatusLabel, type ModerationReason } from '@app/shared/browser';
import type { Report } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { endpointStore } from '../../lib/queries';
import { AdminTable } from './admin-table';
import { reloadModeration, useModerateContent } from './moderate-content-dialog';
import { groupByItem } from './group-reports';
import { RowMenu } from './row-menu';

const { reports: REPORTS, dismissReport, ignoreReporter: IGNORE } = ADMIN_SECTIONS.moderation.api;
const $reports = endpointStore(REPORTS);

const statusLook = (s: string) => (s === 'reviewed' ? 'bg-emerald-100 text-emerald-800' : s === 'dismissed' ? 'bg-slate-200 text-slate-700' : 'bg-amber-100 text-amber-900');

/** Dismissing an item's row closes every open report on it; the content stays as it was. */
async function dismiss(reports: Report[]) {
  try {
    for (const report of reports) await callEndpoint(dismissReport, { params: { id: report.id } });
    toast({ title: 'Report dismissed', description: reports.length > 1 ? `${reports.length} reports are closed; the content stays as it was.` : 'The report is closed; the content stays as it was.' });
    reloadModeration();
  } catch (err) {
    toast({ title: 'Error moderating content', description: errorMessage(err, 'An error occurred while moderating the content.'), variant: 'destructive' });
  }
}

const reasonText = (r: Report) => moderationReasonLabel[r.reason as ModerationReason] ?? r.reason;

/** A member who abuses reports: their reports stop counting towards hiding anything (and can count again). */
async function ignoreReporter(report: Report, ignored: boolean) {
  try {
    await callEndpoint(IGNORE, { params: { userId: report.reporterId }, body: { ignored } });
    toast({ title: 'Reporter updated', description: ignored ? `Reports from ${report.reporterName} no longer count towards hiding content.` : `Reports from ${report.reporterName} count again.` });
    reloadModeration();
  } catch (err) {
    toast({ title: 'Error', description: errorMessage(err, 'An error occurred while updating the reporter.'), variant: 'destructive' });
  }
}

/** Content Moderation → Reports: one queue for posts, chat messages and comments (DESIGN §7.15), a row per reported item. */
export function ReportsQueue() {
  const { data: reports, error } = useStore($reports);
  const { moderate, dialog } = useModerateContent();
  const items = reports && groupByItem(reports);
  return (
    <>
      <AdminTable what="reports" data={items} error={error} retry={reloadModeration} empty="No reported content found." columns={['Content', 'Type', 'Reported By', 'Reason', 'Date', 'Status', '']} minWidth={900}>
        {(rows) => rows.map(({ key, newest: r, reports: all, pending }) => (
          <tr key={key} data-testid="report-row">
            <td className="max-w-xs px-4 py-3 text-slate-800">
              {r.content}
              {r.isHidden && <span className="badge ml-2 bg-red-100 text-red-800">Hidden</span>}
              {all.filter((x) => x.notes).map((x) => <p key={x.id} className="mt-1 text-xs text-slate-500">“{x.notes}”</p>)}
            </td>
            <td className="px-4 py-3 text-slate-700">{r.typeLabel}</td>
            <td className="px-4 py-3 text-slate-700">
              {all.length > 1 && <span className="badge mb-1 bg-slate-100 text-slate-700">{all.length} reports</span>}
              <ul>{all.map((x) => <li key={x.id}>{x.reporterName}{x.reporterIgnored && <span className="badge ml-2 bg-slate-200 text-slate-700">Not counted</span>}</li>)}</ul>
            </td>
            <td className="px-4 py-3 text-slate-700"><ul>{[...new Set(all.map(reasonText))].map((reason) => <li key={reason}>{reason}</li>)}</ul></td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatShortDateTime(r.reportedAt)}</td>
            <td className="px-4 py-3"><span className={`badge ${statusLook(pending.length > 0 ? 'pending' : r.status)}`}>{reportStatusLabel(pending.length > 0 ? 'pending' : r.status)}</span></td>
            <td className="px-4 py-3">
              <RowMenu label={`Actions for report ${r.id}`} items={[
                { label: r.isHidden ? 'Review Content' : 'Moderate Content', onSelect: () => moderate({ type: r.type, id: r.contentId, content: r.fullContent, isHidden: r.isHidden, hiddenReason: r.hiddenReason, moderationNotes: r.moderationNotes }) },
                ...(pending.length > 0 ? [{ label: pending.length > 1 ? 'Dismiss Reports' : 'Dismiss Report', onSelect: () => void dismiss(pending) }] : []),
                ...(r.link ? [{ label: 'View in Place', onSelect: () => window.open(r.link!, '_blank', 'noopener') }] : []),
                ...[...new Map(all.map((x) => [x.reporterId, x])).values()].map((x) => ({
                  label: x.reporterIgnored ? `Count ${x.reporterName}’s Reports` : `Stop Counting ${x.reporterName}’s Reports`,
                  onSelect: () => void ignoreReporter(x, !x.reporterIgnored),
                })),
              ]} />
            </td>
          </tr>
        ))}
      </AdminTable>
      {dialog}
    </>
  );
}
