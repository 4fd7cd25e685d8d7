import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { ADMIN_SECTIONS, errorMessage, formatShortDateTime } from '@app/shared/browser';
import type { YouTubeSync } from '@app/shared/schemas';
import { endpointStore, invalidateKeys } from '../../lib/queries';
import { syncYouTubeVideos } from '../../lib/youtube-sync';
import { AdminTable } from './admin-table';

const YOUTUBE = ADMIN_SECTIONS.youtube.api;
const $status = endpointStore(YOUTUBE.status);
const $runs = endpointStore(YOUTUBE.syncs);
const reload = () => invalidateKeys((k) => k.startsWith(YOUTUBE.status.path));
const outcome = (r: YouTubeSync) => (r.status === 'failed' ? r.error ?? 'Failed' : r.status === 'running' ? 'Running...' : `${r.fetched} fetched · ${r.added} added · ${r.updated} updated`);

/** Admin → YouTube: the connected channel, Sync YouTube Videos with the last run's result, the history, and the daily sync note. */
export default function YouTubeTab() {
  const { data: status, error } = useStore($status);
  const { data: runs, error: runsError } = useStore($runs);
  const [syncing, setSyncing] = useState(false);
  async function sync() {
    setSyncing(true);
    await syncYouTubeVideos();
    setSyncing(false);
    reload();
  }
  return (
    <section aria-labelledby="youtube-title" className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="youtube-title" className="text-xl font-bold text-slate-900">YouTube</h2>
          {error && <p role="alert" className="text-sm text-red-700">Could not load the sync status: {errorMessage(error)}</p>}
          {status && (
            <p className="mt-1 text-slate-600" data-testid="youtube-channel">
              {status.configured ? <>Connected channel: <span className="font-medium text-slate-900">{status.channel ?? 'none set (YOUTUBE_CHANNEL_HANDLE)'}</span></> : 'YouTube sync is not configured: set YOUTUBE_API_KEY and YOUTUBE_CHANNEL_HANDLE.'}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <a href="/videos" target="_blank" rel="noopener noreferrer" className="btn-outline">View videos page</a>
          <button type="button" className="btn-primary" disabled={syncing} onClick={() => void sync()}>{syncing ? 'Syncing...' : 'Sync YouTube Videos'}</button>
        </div>
      </div>
      {status?.lastRun && (
        <p className={`rounded-md px-4 py-3 text-sm ${status.lastRun.status === 'failed' ? 'bg-red-50 text-red-800' : 'bg-emerald-50 text-emerald-900'}`} data-testid="youtube-last-run">
          Last sync {formatShortDateTime(status.lastRun.startedAt)}: {outcome(status.lastRun)}
        </p>
      )}
      <p className="card p-4 text-sm text-slate-600">Automatic sync runs daily{status && !status.dailySync ? ' once the API key and the channel are set' : ''}: the newest 50 videos of the channel are added or updated. Fields editors change in the CMS, and each video's membership level, are never overwritten.</p>
      <AdminTable what="sync history" data={runs} error={runsError} retry={reload} empty="No syncs yet." columns={['Started', 'Trigger', 'Channel', 'Result']} minWidth={640}>
        {(rows) => rows.map((r) => (
          <tr key={r.id} data-testid="youtube-run">
            <td className="px-4 py-3 text-slate-700">{formatShortDateTime(r.startedAt)}</td>
            <td className="px-4 py-3 text-slate-700">{r.trigger === 'daily' ? 'Daily' : 'Manual'}</td>
            <td className="px-4 py-3 text-slate-700">{r.channel}</td>
            <td className={`px-4 py-3 ${r.status === 'failed' ? 'text-red-700' : 'text-slate-700'}`}>{outcome(r)}</td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
