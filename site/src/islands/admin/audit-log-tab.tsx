import { useEffect, useState } from 'react';
import { ADMIN_SECTIONS, AUDIT_ACTIONS, callEndpoint, errorMessage, formatShortDateTime, GRANTED_TIER, tierLabel, urlOf, type AuditPage } from '@app/shared/browser';
import { AdminTable } from './admin-table';
import { auditSummary } from './audit-summary';
import { StepUpDownload } from '../../lib/step-up';

type Filters = { actor: string; action: string; date: string };
const AUDIT = ADMIN_SECTIONS.audit.api;
const label = (action: string) => (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;

function query(f: Filters, before: number | null): string {
  const p = new URLSearchParams();
  if (f.actor.trim()) p.set('actor', f.actor.trim());
  if (f.action) p.set('action', f.action);
  if (before) p.set('before', String(before));
  else if (f.date) p.set('before', f.date);
  return p.size ? `?${p}` : '';
}

/** Admin → Audit Log: every admin and moderator action, newest first, filtered by who, what and when, a page at a time; the filtered log downloads as CSV. */
export default function AuditLogTab() {
  const [filters, setFilters] = useState<Filters>({ actor: '', action: '', date: '' });
  const [applied, setApplied] = useState<Filters>(filters);
  const [pages, setPages] = useState<AuditPage[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);

  async function load(f: Filters, before: number | null) {
    setLoading(true);
    setError(null);
    try {
      const page = await callEndpoint(AUDIT.list, { query: query(f, before) });
      setPages((p) => (before ? [...p, page] : [page]));
    } catch (err) {
      setError(err);
    } finally {
      setLoading(false);
    }
  }
  useEffect(() => void load(applied, null), [applied]);
  const entries = pages.length ? pages.flatMap((p) => p.entries) : undefined;
  const next = pages.at(-1)?.nextBefore ?? null;

  return (
    <section aria-labelledby="audit-title" className="space-y-6">
      <div>
        <h2 id="audit-title" className="text-xl font-bold text-slate-900">Audit Log</h2>
        <p className="mt-1 text-slate-600">{`Every change staff made: account status, roles, ${tierLabel(GRANTED_TIER)}, moderation and deletions, rooms, orders, articles, syncs, deployments and settings.`}</p>
      </div>
      <form className="card flex flex-wrap items-end gap-3 p-4" onSubmit={(e) => (e.preventDefault(), setApplied(filters))}>
        <label className="text-sm text-slate-700">Who<input className="mt-1 block rounded-md border border-slate-300 px-3 py-2 text-sm w-44" value={filters.actor} placeholder="username" onChange={(e) => setFilters({ ...filters, actor: e.target.value })} /></label>
        <label className="text-sm text-slate-700">What
          <select className="mt-1 block rounded-md border border-slate-300 px-3 py-2 text-sm w-56" value={filters.action} onChange={(e) => setFilters({ ...filters, action: e.target.value })}>
            <option value="">Every action</option>
            {Object.entries(AUDIT_ACTIONS).map(([value, text]) => <option key={value} value={value}>{text}</option>)}
          </select>
        </label>
        <label className="text-sm text-slate-700">Before<input type="date" className="mt-1 block rounded-md border border-slate-300 px-3 py-2 text-sm" value={filters.date} onChange={(e) => setFilters({ ...filters, date: e.target.value })} /></label>
        <button type="submit" className="btn-primary">Filter</button>
        <button type="button" className="btn-outline" onClick={() => { const none = { actor: '', action: '', date: '' }; setFilters(none); setApplied(none); }}>Clear</button>
        {/* The file is streamed by the API and named by it; the filters shown are the ones exported. */}
        <StepUpDownload className="btn-outline sm:ml-auto" href={`${urlOf(AUDIT.csv)}${query(applied, null)}`}>Export CSV</StepUpDownload>
      </form>
      <AdminTable what="the audit log" data={entries} error={error} retry={() => void load(applied, null)} empty="No entries match these filters." columns={['When', 'Who', 'What', 'Member', 'Details']} minWidth={760}>
        {(rows) => rows.map((e) => (
          <tr key={e.id} data-testid="audit-entry">
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatShortDateTime(e.at)}</td>
            <td className="px-4 py-3 text-slate-900">{e.actor?.username ?? 'System'}</td>
            <td className="px-4 py-3 text-slate-900">{label(e.action)}</td>
            <td className="px-4 py-3 text-slate-700">{e.target?.username ?? '—'}</td>
            <td className="px-4 py-3 text-slate-600">{auditSummary(e)}</td>
          </tr>
        ))}
      </AdminTable>
      {next && !error && <button type="button" className="btn-outline" disabled={loading} onClick={() => void load(applied, next)}>{loading ? 'Loading...' : 'Older entries'}</button>}
      {error !== null && entries && <p role="alert" className="text-sm text-red-700">{errorMessage(error, 'The audit log could not be loaded.')}</p>}
    </section>
  );
}
