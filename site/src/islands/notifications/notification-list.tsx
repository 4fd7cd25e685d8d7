import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { errorMessage } from '@app/shared/browser';
import { toast } from '@app/ui';
import { $notifications, loadNotifications, loadOlder, markRead } from '../../stores/notifications';
import { NotificationLine } from '../../lib/notification-line';

/** /notifications (issue 37 #3): every notification, newest first, 30 at a time. */
export default function NotificationList() {
  const state = useStore($notifications);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    loadNotifications().catch((err: unknown) => setError(errorMessage(err, 'Could not load your notifications.')));
  }, []);

  async function run(action: () => Promise<void>, failure: string) {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, failure), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  if (error) return <p className="text-red-700">{error}</p>;
  if (!state) return <p className="text-slate-600">Loading notifications...</p>;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">{state.unread === 0 ? 'All read.' : state.unread === 1 ? '1 unread' : `${state.unread} unread`}</p>
        {state.unread > 0 && <button type="button" className="btn-outline" disabled={busy} onClick={() => void run(() => markRead(), 'Could not mark your notifications read.')}>Mark all read</button>}
      </div>
      {state.items.length === 0 ? (
        <p className="mt-6 text-slate-600">Nothing yet. When someone replies to you or mentions you, or your order moves on, you will find it here.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {state.items.map((n) => (
            <li key={n.id}>
              <a href={n.url} onClick={() => !n.readAt && void markRead([n.id]).catch(() => undefined)} className="block px-4 py-3 hover:bg-slate-50">
                <NotificationLine n={n} />
              </a>
            </li>
          ))}
        </ul>
      )}
      {state.more && <button type="button" className="btn-outline mt-4" disabled={busy} onClick={() => void run(loadOlder, 'Could not load older notifications.')}>Show older</button>}
    </div>
  );
}
