import { DialogShell, DialogFooter } from './dialog-shell.tsx';
import { useState } from 'react';
import { MODERATION_REASONS, moderationReasonLabel } from '@app/shared/browser';

/** Hide something members wrote (a comment, a post, a message) from regular users, with a reason from the spec's list and optional notes. */
export function ModerateDialog({ onConfirm, onClose }: { onConfirm: (reason: string, notes: string) => Promise<void>; onClose: () => void }) {
  const [reason, setReason] = useState<string>('inappropriate_content');
  const [notes, setNotes] = useState('');
  const [saving, setSaving] = useState(false);
  return (
    <DialogShell title="Moderate comment" description="The comment will be hidden from regular users. Its author will see that it was hidden." onClose={onClose}>
      <div className="mt-4 space-y-3">
        <label className="block text-sm font-medium text-slate-800" htmlFor="moderate-reason">Reason</label>
        <select id="moderate-reason" value={reason} onChange={(e) => setReason(e.target.value)} className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm">
          {MODERATION_REASONS.map((r) => <option key={r} value={r}>{moderationReasonLabel[r]}</option>)}
        </select>
        <label className="block text-sm font-medium text-slate-800" htmlFor="moderate-notes">Moderation Notes</label>
        <textarea id="moderate-notes" value={notes} onChange={(e) => setNotes(e.target.value)} rows={3} maxLength={2000} className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
      </div>
      <DialogFooter>
        <button type="button" className="btn-primary bg-red-600 hover:bg-red-700" disabled={saving} onClick={async () => { setSaving(true); await onConfirm(reason, notes); setSaving(false); }}>
          {saving ? 'Hiding...' : 'Hide Comment'}
        </button>
      </DialogFooter>
    </DialogShell>
  );
}
