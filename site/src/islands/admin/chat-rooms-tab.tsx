import { SwitchField } from '@app/ui/switch-field';
import { DialogShell, DialogFooter } from '@app/ui/dialog-shell';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useState } from 'react';
import { ADMIN_SECTIONS, callEndpoint, errorMessage, formatShortDate, formatShortDateTime, tierLabel } from '@app/shared/browser';
import type { AdminChatRoom } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { endpointStore, invalidateKeys } from '../../lib/queries';
import { $viewRoom } from './admin-nav';
import { useModerateContent } from './moderate-content-dialog';
import { AdminTable } from './admin-table';
import { RowMenu } from './row-menu';

const ROOMS = ADMIN_SECTIONS['chat-rooms'].api;
const $rooms = endpointStore(ROOMS.list);
const $messagesOf = atom<{ roomId: number } | null>(null);
const $messages = endpointStore(ROOMS.messages, { params: $messagesOf });
const reload = () => invalidateKeys((k) => k.startsWith(ROOMS.list.path));

const roomStatus = (r: AdminChatRoom) => (r.isMuted ? 'Muted' : r.isModerated ? 'Moderated' : 'Normal');
const statusLook = { Muted: 'bg-red-100 text-red-800', Moderated: 'bg-amber-100 text-amber-900', Normal: 'bg-emerald-100 text-emerald-800' };
// The spec's admin view knows free and pro; VIP rooms are named for what they are.
const membership = (r: AdminChatRoom) => (r.membershipRequired === 'free' ? 'All Members' : `${tierLabel(r.membershipRequired)} Members`);

async function archive(room: AdminChatRoom, archived: boolean) {
  try {
    await callEndpoint(ROOMS.archive, { params: { roomId: room.id }, body: { archived } });
    toast({ title: 'Chat room updated', description: archived ? `${room.name} is archived: read-only and out of the members' list.` : `${room.name} is open again.` });
    reload();
  } catch (err) {
    toast({ title: 'Error updating chat room', description: errorMessage(err, 'An error occurred while updating the chat room.'), variant: 'destructive' });
  }
}

/** Admin → Chat Rooms (spec 02 §2): every room with its state; moderate, read its messages, archive. */
export default function ChatRoomsTab() {
  const { data: rooms, error } = useStore($rooms);
  const [moderating, setModerating] = useState<AdminChatRoom | null>(null);
  const viewing = useStore($viewRoom);
  const viewedRoom = rooms?.find((r) => r.id === viewing);
  return (
    <section aria-labelledby="rooms-title">
      <h2 id="rooms-title" className="text-xl font-bold text-slate-900">Chat Rooms</h2>
      <div className="mt-4">
        <AdminTable what="chat rooms" data={rooms} error={error} retry={reload} empty="No chat rooms found." columns={['Room Name', 'Status', 'Access', 'Membership', 'Created', 'Actions']}>
          {(list) => list.map((r) => (
            <tr key={r.id} data-testid="admin-room" className={r.isArchived ? 'bg-slate-50' : undefined}>
              <td className="max-w-xs px-4 py-3"><p className="font-medium text-slate-900">{r.name}</p><p className="text-slate-500">{r.description}</p></td>
              <td className="px-4 py-3">
                <span className={`badge ${statusLook[roomStatus(r)]}`}>{roomStatus(r)}</span>
                {r.isArchived && <span className="badge ml-1 bg-slate-200 text-slate-700">Archived</span>}
              </td>
              <td className="px-4 py-3 text-slate-700">{r.isPrivate ? 'Private' : 'Public'}</td>
              <td className="px-4 py-3 text-slate-700">{membership(r)}</td>
              <td className="px-4 py-3 text-slate-700">{r.createdAt ? formatShortDate(r.createdAt) : 'N/A'}</td>
              <td className="px-4 py-3">
                <RowMenu label={`Actions for ${r.name}`} items={[
                  { label: 'Moderate Room', onSelect: () => setModerating(r) },
                  { label: 'View Messages', onSelect: () => $viewRoom.set(r.id) },
                  r.isArchived ? { label: 'Restore Room', onSelect: () => void archive(r, false) } : { label: 'Archive Room', onSelect: () => void archive(r, true), danger: true },
                ]} />
              </td>
            </tr>
          ))}
        </AdminTable>
      </div>
      {moderating && <ModerateRoomDialog room={moderating} onClose={() => setModerating(null)} />}
      {viewing !== null && <RoomMessagesDialog roomId={viewing} name={viewedRoom?.name ?? 'Chat room'} onClose={() => $viewRoom.set(null)} />}
    </section>
  );
}

function ModerateRoomDialog({ room, onClose }: { room: AdminChatRoom; onClose: () => void }) {
  const [isModerated, setModerated] = useState(room.isModerated);
  const [isMuted, setMuted] = useState(room.isMuted);
  const [notes, setNotes] = useState(room.moderationNotes ?? '');
  const [saving, setSaving] = useState(false);
  async function save() {
    setSaving(true);
    try {
      await callEndpoint(ROOMS.moderate, { params: { roomId: room.id }, body: { roomId: room.id, isModerated, isMuted, moderationNotes: notes.trim() || null } });
      toast({ title: 'Chat room updated', description: 'The chat room moderation settings have been updated.' });
      reload();
      onClose();
    } catch (err) {
      toast({ title: 'Error updating chat room', description: errorMessage(err, 'An error occurred while updating the chat room.'), variant: 'destructive' });
      setSaving(false);
    }
  }
  return (
    <DialogShell title="Moderate Chat Room" description={room.name} onClose={onClose}>
      <div className="mt-4 space-y-4">
        <SwitchField label="Enable Moderation" hint="One message every 10 seconds for members; messages with links wait for review." checked={isModerated} onChange={setModerated} />
        <SwitchField label="Mute Room" hint="Only staff can post while the room is muted." checked={isMuted} onChange={setMuted} />
        <div>
          <label htmlFor="room-notes" className="block text-sm font-medium text-slate-800">Moderation Notes</label>
          <textarea id="room-notes" rows={3} maxLength={2000} value={notes} onChange={(e) => setNotes(e.target.value)} className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
        </div>
      </div>
      <DialogFooter>
        <button type="button" className="btn-primary" disabled={saving} onClick={() => void save()}>{saving ? 'Saving...' : 'Save Changes'}</button>
      </DialogFooter>
    </DialogShell>
  );
}

function RoomMessagesDialog({ roomId, name, onClose }: { roomId: number; name: string; onClose: () => void }) {
  useEffect(() => {
    $messagesOf.set({ roomId });
    return () => $messagesOf.set(null);
  }, [roomId]);
  const { data: messages, error } = useStore($messages);
  const { moderate, dialog } = useModerateContent();
  return (
    <DialogShell title={<>Messages in {name}</>} description="The newest 100 messages, hidden and held ones included." onClose={onClose} width="2xl" layer="below" className="flex flex-col">
      <div className="mt-4 flex-1 overflow-y-auto">
        {error && <p role="alert" className="text-sm text-red-700">Could not load messages: {errorMessage(error)}</p>}
        {!messages && !error && <p className="text-sm text-slate-600">Loading messages...</p>}
        {messages?.length === 0 && <p className="text-sm text-slate-600">No messages in this room yet.</p>}
        <ul className="divide-y divide-slate-200">
          {messages?.map((m) => (
            <li key={m.id} className="flex items-start justify-between gap-3 py-3" data-testid="admin-room-message">
              <div className="min-w-0">
                <p className="text-xs text-slate-500"><span className="font-semibold text-slate-800">{m.displayName}</span> · {formatShortDateTime(m.sentAt)}</p>
                <p className="whitespace-pre-wrap break-words text-sm text-slate-800">{m.message}</p>
                {m.isHidden && <span className="badge mt-1 bg-red-100 text-red-800">Hidden</span>}
                {m.pendingReview && !m.isHidden && <span className="badge mt-1 bg-amber-100 text-amber-900">Awaiting review</span>}
              </div>
              <button type="button" className="btn-outline shrink-0" onClick={() => moderate({ type: 'chat', id: m.id, content: m.message, isHidden: m.isHidden, hiddenReason: m.hiddenReason })}>Moderate</button>
            </li>
          ))}
        </ul>
      </div>
      <DialogFooter cancel="Close" />
      {dialog}
    </DialogShell>
  );
}
