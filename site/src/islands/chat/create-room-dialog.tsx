import { DialogShell, DialogFooter } from '@app/ui/dialog-shell';
import { useState, type FormEvent } from 'react';
import { api, errorMessage, ROOM_DESCRIPTION, ROOM_NAME, TIERS, tierLabel } from '@app/shared/browser';
import { CreateChatRoomSchema } from '@app/shared/forms';
import type { ChatRoom } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { Field, fieldErrors, SelectField } from '@app/ui/field';

/** Pro and VIP members create a room: name, description, who may join, and whether it is private (spec 02 §5). */
export function CreateRoomDialog({ onCreated, onClose }: { onCreated: (room: ChatRoom) => void; onClose: () => void }) {
  const [form, setForm] = useState({ name: '', description: '', membershipRequired: 'free', isPrivate: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    // The rules of POST /api/chat/rooms, checked before sending with the schema the API parses with.
    const parsed = CreateChatRoomSchema.safeParse(form);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (!parsed.success) return;
    setSaving(true);
    try {
      const room = await api.post<ChatRoom>('/api/chat/rooms', parsed.data);
      toast({ title: 'Chat room created', description: `${room.name} is open.` });
      onCreated(room);
    } catch (err) {
      toast({ title: 'Failed to create chat room', description: errorMessage(err), variant: 'destructive' });
      setSaving(false);
    }
  }
  return (
    <DialogShell title="Create a chat room" description="You own the room and are its first member." onClose={onClose}>
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 space-y-3">
        <Field id="room-name" label="Room name" maxLength={ROOM_NAME.max} value={form.name} error={errors.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        <div className="space-y-1">
          <label htmlFor="room-description" className="block text-sm font-medium text-slate-800">Description</label>
          <textarea id="room-description" rows={3} maxLength={ROOM_DESCRIPTION.max} value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })}
            aria-invalid={errors.description ? true : undefined} className={`w-full rounded-md border px-3 py-2 text-sm ${errors.description ? 'border-red-600' : 'border-slate-300'}`} />
          {errors.description && <p className="text-sm text-red-700">{errors.description}</p>}
        </div>
        <SelectField id="room-tier" label="Who can join" value={form.membershipRequired} error={errors.membershipRequired} onChange={(e) => setForm({ ...form, membershipRequired: e.target.value })}
          options={TIERS.map((t) => ({ value: t, label: t === 'free' ? 'All members' : `${tierLabel(t)} members` }))} />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={form.isPrivate} onChange={(e) => setForm({ ...form, isPrivate: e.target.checked })} className="h-4 w-4" />
          Private (only its members can see and join it)
        </label>
        <DialogFooter>
          <button type="submit" className="btn-primary" disabled={saving}>{saving ? 'Creating...' : 'Create Room'}</button>
        </DialogFooter>
      </form>
    </DialogShell>
  );
}
