import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect } from 'react';
import { tierLabel } from '@app/shared/browser';
import type { ChatRoom } from '@app/shared/schemas';
import { createFetcherStore, invalidateKeys } from '../../lib/queries';
import { loadUser, useUser } from '../../stores/session';

// Rooms are asked for only once someone is signed in (spec 02 §7).
const $query = atom<string | null>(null);
const $rooms = createFetcherStore<ChatRoom[]>(['/api/chat/rooms', $query]);

/** Community → Chat Rooms: the rooms for members, a sign-in prompt for visitors. */
export default function ChatRoomsList() {
  const user = useUser();
  useEffect(() => void loadUser(), []);
  useEffect(() => {
    $query.set(user ? '' : null);
  }, [user]);
  const { data: rooms, error } = useStore($rooms);
  if (user === undefined) return <p className="text-slate-600">Loading...</p>;
  if (!user) {
    return (
      <div className="card p-8 text-center">
        <h3 className="text-lg font-semibold text-slate-900">Sign in to chat</h3>
        <p className="mt-2 text-slate-600">Chat rooms are for members. Sign in or create a free account to join the conversation.</p>
        <a href="/auth?redirect=%2Fchat" className="btn-primary mt-5">Sign In</a>
      </div>
    );
  }
  if (error) {
    return (
      <div className="card p-6 text-center" role="alert">
        <p className="text-red-700">Failed to load chat rooms</p>
        <button type="button" className="btn-outline mt-3" onClick={() => void invalidateKeys((k) => k.startsWith('/api/chat/rooms'))}>Retry</button>
      </div>
    );
  }
  if (!rooms) return <p className="text-slate-600">Loading rooms...</p>;
  return (
    <div className="space-y-4">
      <ul className="grid gap-4 sm:grid-cols-2">
        {rooms.map((r) => (
          <li key={r.id} className="card flex flex-col p-5" data-testid="room-card">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold text-slate-900">{r.name}</h3>
              {r.membershipRequired !== 'free' && <span className="badge bg-amber-100 text-amber-900">{tierLabel(r.membershipRequired)}</span>}
              {r.isPrivate && <span className="badge bg-slate-200 text-slate-700">Private</span>}
            </div>
            <p className="mt-1 flex-1 text-sm text-slate-600">{r.description}</p>
            <p className="mt-3 text-xs text-slate-500">{r.memberCount} member{r.memberCount === 1 ? '' : 's'}</p>
            <a href={`/chat?room=${r.id}`} className="btn-outline mt-3 self-start">Open in Chat</a>
          </li>
        ))}
      </ul>
      <a href="/chat" className="btn-primary">Go to Chat</a>
    </div>
  );
}
