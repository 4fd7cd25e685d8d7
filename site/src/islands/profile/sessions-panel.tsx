import { useStore } from '@nanostores/react';
import { api, errorMessage } from '@app/shared/browser';
import type { SessionInfo } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { createFetcherStore, invalidateKeys } from '../../lib/queries';

const SESSIONS = '/api/sessions';
const $sessions = createFetcherStore<SessionInfo[]>([SESSIONS]);

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** The owner's signed-in devices, each of which can be signed out from here, or all but this one at once. */
export default function SessionsPanel() {
  const { data: sessions, error } = useStore($sessions);

  async function revoke(id: string) {
    try {
      await api.delete(`/api/sessions/${id}`);
      toast({ title: 'Session ended', description: 'That device has been signed out.' });
      invalidateKeys(SESSIONS);
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
    }
  }

  async function revokeOthers() {
    try {
      const { message } = await api.delete<{ message: string }>(SESSIONS);
      toast({ title: 'Signed out everywhere else', description: message });
      invalidateKeys(SESSIONS);
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
    }
  }

  async function signOutEverywhere() {
    try {
      await api.post('/api/logout/everywhere');
      window.location.assign('/auth');
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
    }
  }

  if (error) return <p className="text-sm text-red-700">Could not load your sessions: {errorMessage(error)}</p>;
  if (!sessions) return <p className="text-sm text-slate-600">Loading sessions...</p>;
  return (
    <>
      <ul className="divide-y divide-slate-200" aria-label="Signed-in devices">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="font-medium text-slate-900">{s.device} {s.current && <span className="badge ml-1 bg-emerald-100 text-emerald-800">This device</span>}</p>
              <p className="text-sm text-slate-600">Signed in {when(s.createdAt)} · last active {when(s.lastSeenAt)}</p>
            </div>
            {!s.current && <button type="button" className="btn-outline" onClick={() => void revoke(s.id)}>Sign out</button>}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        {sessions.some((s) => !s.current) && <button type="button" className="btn-outline" onClick={() => void revokeOthers()}>Sign out everywhere else</button>}
        <button type="button" className="btn-outline" onClick={() => void signOutEverywhere()}>Sign out everywhere</button>
      </div>
    </>
  );
}
