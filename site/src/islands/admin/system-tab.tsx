import { useStore } from '@nanostores/react';
import { ADMIN_SECTIONS, errorMessage, formatShortDateTime, type SystemReport } from '@app/shared/browser';
import { endpointStore, invalidateKeys } from '../../lib/queries';
import { AdminTable } from './admin-table';

const SYSTEM = ADMIN_SECTIONS.system.api.report;
const $system = endpointStore(SYSTEM);

function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return d ? `${d} d ${h} h` : h ? `${h} h ${m} min` : m ? `${m} min` : `${seconds} s`;
}
const megabytes = (bytes: number | null) => (bytes === null ? '—' : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** A replicated database's hosts (Patroni), its last base backup (pgBackRest) and WAL archive (issue 51). */
function databaseRows(db: NonNullable<SystemReport['database']>): [string, string][] {
  const hosts: [string, string][] = (db.hosts ?? []).map((h) => [
    h.name,
    [h.role === 'unknown' ? h.state : h.role, h.role !== 'unknown' && !['running', 'streaming'].includes(h.state) ? h.state : null, h.role.includes('standby') && h.lagBytes !== null ? `lag ${megabytes(h.lagBytes)}` : null, h.timeline !== null ? `timeline ${h.timeline}` : null].filter(Boolean).join(' · '),
  ]);
  const backup = db.lastBackup ? `${formatShortDateTime(db.lastBackup.finishedAt)} (${db.lastBackup.type}, ${megabytes(db.lastBackup.databaseBytes)})` : 'None';
  const archived = db.archive?.lastArchivedAt ? formatShortDateTime(db.archive.lastArchivedAt) : 'Never';
  const failed = db.archive?.lastFailedAt && (!db.archive.lastArchivedAt || db.archive.lastFailedAt > db.archive.lastArchivedAt) ? [['WAL archive failing since', formatShortDateTime(db.archive.lastFailedAt)] as [string, string]] : [];
  return [...(db.hosts ? hosts : [['Hosts', 'Patroni not configured'] as [string, string]]), ['Last base backup', backup], ['Last WAL archived', archived], ...failed];
}

function Figures({ title, rows }: { title: string; rows: [string, string][] }) {
  return (
    <section className="card p-4" aria-label={title}>
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{title}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([k, v]) => [<dt key={`${k}-t`} className="text-slate-500">{k}</dt>, <dd key={`${k}-d`} className="font-medium text-slate-900 [overflow-wrap:anywhere]">{v}</dd>])}
      </dl>
    </section>
  );
}

/** Admin → System: versions, uptimes, sizes, content, freshness, sockets and this instance's recent server errors. */
export default function SystemTab() {
  const { data, error } = useStore($system);
  const reload = () => invalidateKeys(SYSTEM.path);
  return (
    <section aria-labelledby="system-title" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="system-title" className="text-xl font-bold text-slate-900">System</h2>
        <button type="button" className="btn-outline" onClick={reload}>Refresh</button>
      </div>
      {error && <p role="alert" className="text-sm text-red-700">Could not load the system report: {errorMessage(error)}</p>}
      {!data && !error && <p className="text-sm text-slate-600">Loading...</p>}
      {data && (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="system-figures">
          <Figures title="Versions" rows={[['App commit', data.versions.appCommit?.slice(0, 12) ?? '—'], ['Node', data.versions.node], ['PostgreSQL', data.versions.postgres ?? '—'], ['Payload', data.versions.payload ?? '—'], ['Astro', data.versions.astro ?? '—']]} />
          <Figures title="Uptime" rows={data.services.map((s) => [s.name, s.ok ? duration(s.uptimeSeconds) : 'Not answering'])} />
          <Figures title="Content" rows={[['Articles', String(data.contentCounts.articles)], ['Categories', String(data.contentCounts.categories)], ['Videos', String(data.contentCounts.videos)], ['Products', String(data.contentCounts.products)], ['Database size', megabytes(data.databaseBytes)]]} />
          <Figures title="Freshness" rows={[['Content version', data.readModel.version], ['Read model age', duration(data.readModel.ageSeconds)], ['Last video sync', data.lastSync ? `${formatShortDateTime(data.lastSync.at)} (${data.lastSync.status})` : 'Never'], ['Last deploy', data.lastDeploy ? `${formatShortDateTime(data.lastDeploy.startedAt)} (${data.lastDeploy.status.replace('_', ' ')})` : 'Never']]} />
          <Figures title="Connections" rows={[['Open chat sockets', data.openSockets === null ? '—' : String(data.openSockets)]]} />
          {data.database && <Figures title="Database hosts" rows={databaseRows(data.database)} />}
          <Figures title="Scheduled jobs" rows={data.jobs.length ? data.jobs.map(({ name, everyMs, lastRound: r }) => [`${name} (every ${duration(Math.round(everyMs / 1000))})`, r ? `${formatShortDateTime(r.startedAt)} on ${r.instance} (${r.outcome ?? (r.finishedAt ? 'ended' : 'running or cut short')})` : 'Not run yet']) : [['Jobs', 'None on this instance']]} />
        </div>
      )}
      <h3 className="text-lg font-semibold text-slate-900">Recent server errors</h3>
      <AdminTable what="server errors" data={data?.recentErrors} error={error} retry={reload} empty="No server errors since this API instance started." columns={['When', 'Request id', 'Request', 'Status', 'Message']} minWidth={760}>
        {(rows) => rows.map((e) => (
          <tr key={e.requestId} data-testid="server-error-row">
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatShortDateTime(e.at)}</td>
            <td className="px-4 py-3 font-mono text-xs text-slate-700">{e.requestId}</td>
            <td className="px-4 py-3 font-mono text-xs text-slate-700">{e.method} {e.path}</td>
            <td className="px-4 py-3 text-red-700">{e.status}</td>
            <td className="px-4 py-3 text-slate-700">{e.message || '—'}</td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
