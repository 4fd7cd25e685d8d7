import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api, can, inWords, offerFor, PERK_TIER, tierLabel, tiersWith, viewerOf } from '@app/shared/browser';
import type { ChatMessage, ChatRoom, User } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { createChatSocket, placeMessage } from '../../lib/chat-socket';
import { CreateRoomDialog } from './create-room-dialog';
import { RoomView } from './room-view';

const STATUS: Record<string, { label: string; look: string }> = {
  connecting: { label: 'Connecting...', look: 'bg-amber-100 text-amber-900' },
  connected: { label: 'Connected', look: 'bg-emerald-100 text-emerald-800' },
  reconnecting: { label: 'Reconnecting...', look: 'bg-amber-100 text-amber-900' },
  disconnected: { label: 'Disconnected', look: 'bg-slate-200 text-slate-800' },
  error: { label: 'Disconnected', look: 'bg-red-100 text-red-800' },
};

/** /chat: the rooms, a tab per joined room, and the live socket (spec 02 §2, §4). */
export default function ChatPage({ user }: { user: User }) {
  const socket = useMemo(() => createChatSocket({ userId: user.id }), [user.id]);
  const status = useStore(socket.$status);
  const [rooms, setRooms] = useState<ChatRoom[] | null>(null);
  const [joined, setJoined] = useState<number[]>([]);
  const [tab, setTab] = useState<'rooms' | number>('rooms');
  const [messages, setMessages] = useState<Record<number, ChatMessage[]>>({});
  const [creating, setCreating] = useState(false);
  const viewer = viewerOf(user);
  // Who may create rooms, and the tier to upgrade to for it: the catalogue's (spec 02 "Pro or VIP membership required").
  const roomTiers = `${inWords(tiersWith('create-room').map((t) => tierLabel(t)), 'or')} membership required`;
  const roomOffer = offerFor(user.membershipTier, { perk: 'create-room' })?.name ?? tierLabel(PERK_TIER['create-room']);

  /** Takes the room's tab and messages away (left, or no longer readable) and shows the rooms. */
  const closeRoom = useCallback((roomId: number) => {
    setJoined((j) => j.filter((id) => id !== roomId));
    setMessages(({ [roomId]: _gone, ...rest }) => rest);
    setTab((t) => (t === roomId ? 'rooms' : t));
  }, []);

  useEffect(() => {
    const off = socket.onMessage((m) => {
      switch (m.type) {
        case 'rooms':
          return setRooms(m.rooms);
        case 'joined':
          setJoined((j) => (j.includes(m.roomId) ? j : [...j, m.roomId]));
          return setTab(m.roomId);
        case 'history':
          return setMessages((all) => ({ ...all, [m.roomId]: m.messages }));
        case 'message':
          return setMessages((all) => (all[m.roomId] ? { ...all, [m.roomId]: placeMessage(all[m.roomId]!, m.message) } : all));
        case 'message_removed':
          return setMessages((all) => (all[m.roomId] ? { ...all, [m.roomId]: all[m.roomId]!.filter((x) => x.id !== m.messageId) } : all));
        case 'room_updated':
          return setRooms((all) => all && all.map((r) => (r.id === m.roomId ? { ...r, isModerated: m.isModerated, isMuted: m.isMuted, isArchived: m.isArchived } : r)));
        case 'room_access_lost':
          closeRoom(m.roomId);
          return toast({ title: 'Chat', description: m.message, variant: 'destructive' });
        case 'error':
          return toast({ title: 'Chat', description: m.message, variant: 'destructive' });
      }
    });
    socket.connect();
    const fromAddress = Number(new URLSearchParams(location.search).get('room'));
    if (Number.isInteger(fromAddress) && fromAddress > 0) socket.send({ type: 'join', roomId: fromAddress });
    return () => {
      off();
      socket.disconnect();
    };
  }, [socket, closeRoom]);

  function join(roomId: number) {
    if (joined.includes(roomId)) return setTab(roomId);
    socket.send({ type: 'join', roomId });
  }
  function leave(roomId: number) {
    socket.send({ type: 'leave_room', roomId });
    closeRoom(roomId);
  }
  async function created(room: ChatRoom) {
    setCreating(false);
    setRooms(await api.get<ChatRoom[]>('/api/chat/rooms'));
    join(room.id);
  }

  const roomById = new Map((rooms ?? []).map((r) => [r.id, r]));
  const s = STATUS[status]!;
  const tabClass = (on: boolean) => `shrink-0 rounded-md px-3 py-2 text-sm font-medium ${on ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600'}`;
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <span className={`badge ${s.look}`} role="status" data-testid="connection-status">{s.label}</span>
        {(status === 'error' || status === 'disconnected') && (
          <div className="flex flex-wrap items-center gap-3" role="alert">
            <p className="text-sm text-red-700">{status === 'error' ? 'Could not connect to the chat server. Please try again later.' : 'You are disconnected from the chat.'}</p>
            <button type="button" className="btn-outline" onClick={() => socket.connect()}>Retry Connection</button>
          </div>
        )}
      </div>
      <div role="tablist" aria-label="Chat rooms" className="flex gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1">
        <button type="button" role="tab" aria-selected={tab === 'rooms'} className={tabClass(tab === 'rooms')} onClick={() => setTab('rooms')}>Rooms</button>
        {joined.map((id) => (
          <button key={id} type="button" role="tab" aria-selected={tab === id} className={tabClass(tab === id)} onClick={() => setTab(id)}>{roomById.get(id)?.name ?? `Room ${id}`}</button>
        ))}
      </div>
      <div className="mt-4" role="tabpanel">
        {tab === 'rooms' ? (
          <div className="space-y-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-slate-600">Join a room to start chatting.</p>
              <button type="button" className="btn-primary" onClick={() => (can(viewer, 'create-room') ? setCreating(true) : toast({ title: roomTiers, description: `Upgrade to ${roomOffer} to create your own chat rooms.`, variant: 'destructive' }))}>Create Room</button>
            </div>
            {!can(viewer, 'create-room') && (
              <p className="rounded-md bg-brand-50 px-4 py-3 text-sm text-brand-800">{`${roomTiers} to create rooms. `}<a href="/membership" className="font-semibold underline">{`Upgrade to ${roomOffer}`}</a></p>
            )}
            {!rooms ? (
              <p className="text-slate-600">{status === 'error' ? 'Rooms appear once the chat is connected.' : 'Loading rooms...'}</p>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {rooms.map((r) => {
                  const allowed = can(viewer, 'read', { membershipRequired: r.membershipRequired });
                  return (
                    <li key={r.id} className="card flex flex-col p-5" data-testid="chat-room">
                      <div className="flex flex-wrap items-center gap-2">
                        <h2 className="font-semibold text-slate-900">{r.name}</h2>
                        {r.membershipRequired !== 'free' && <span className="badge bg-amber-100 text-amber-900">{tierLabel(r.membershipRequired)}</span>}
                        {r.isPrivate && <span className="badge bg-slate-200 text-slate-700">Private</span>}
                        {r.unread > 0 && !joined.includes(r.id) && <span className="badge bg-brand-600 text-white" data-unread>{r.unread > 99 ? '99+' : r.unread} new</span>}
                        {r.isMuted ? <span className="badge bg-red-100 text-red-800">Muted</span> : r.isModerated && <span className="badge bg-amber-100 text-amber-900">Moderated</span>}
                      </div>
                      <p className="mt-1 flex-1 text-sm text-slate-600">{r.description}</p>
                      <p className="mt-3 text-xs text-slate-500">{r.memberCount} member{r.memberCount === 1 ? '' : 's'}</p>
                      {allowed
                        ? <button type="button" className="btn-outline mt-3 self-start" onClick={() => join(r.id)}>{joined.includes(r.id) || r.isMember ? 'Open' : 'Join'}</button>
                        : <a href="/membership" className="btn-ghost mt-3 self-start">Upgrade to join</a>}
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        ) : (
          <RoomView room={roomById.get(tab)} user={user} messages={messages[tab] ?? []} connected={status === 'connected'}
            onSend={(content) => socket.send({ type: 'message', roomId: tab, content })} onLeave={() => leave(tab)} />
        )}
      </div>
      {creating && <CreateRoomDialog onCreated={(room) => void created(room)} onClose={() => setCreating(false)} />}
    </div>
  );
}
