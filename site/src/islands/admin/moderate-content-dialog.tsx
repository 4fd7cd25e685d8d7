import { DialogShell, DialogFooter } from '@app/ui/dialog-shell';
import { useState } from 'react';
import { api, errorMessage, MODERATION_REASONS, moderationReasonLabel } from '@app/shared/browser';
import { toast } from '@app/ui';
import { invalidateKeys } from '../../lib/queries';

export type ModeratedItem = { type: 'bulletin' | 'chat' | 'comment'; id: number; content: string; isHidden: boolean; hiddenReason?: string | null; moderationNotes?: string | null };

/** Any moderation changes several lists at once: the queue, the posts, the messages, the rooms, the comments. */
export const reloadModeration = () => invalidateKeys((k) => k.startsWith('/api/admin/'));

/** A table's Moderate action: `moderate(item)` opens the dialog, `dialog` is what to render. */
export function useModerateContent() {
  const [item, setItem] = useState<ModeratedItem | null>(null);
  const dialog = item && <ModerateContentDialog item={item} onClose={() => setItem(null)} onSaved={reloadModeration} />;
  return { moderate: setItem, dialog };
}

/**
 * The spec's Moderate Content dialog: the content, a Hide Content switch, the reason (only when
 * hiding) and notes; saves through POST /api/admin/content/{type}/{id}/moderate. Showing a held
 * chat message approves it.
 */
export function ModerateContentDialog({ item, onClose, onSaved }: { item: ModeratedItem; onClose: () => void; onSaved: () => void }) {
  const [hide, setHide] = useState(item.isHidden);
  const [reason, setReason] = useState(item.hiddenReason ?? 'inappropriate_content');
  const [notes, setNotes] = useState(item.moderationNotes ?? '');
  const [saving, setSaving] = useState(false);
  async function save() {
    setSaving(true);
    try {
      await api.post(`/api/admin/content/${item.type}/${item.id}/moderate`, { isHidden: hide, reason: hide ? reason : null, notes: notes.trim() || null });
      toast({ title: 'Content moderated', description: hide ? 'The content has been hidden from users.' : 'The content has been approved and is visible to users.' });
      onSaved();
      onClose();
    } catch (err) {
      toast({ title: 'Error moderating content', description: errorMessage(err, 'An error occurred while moderating the content.'), variant: 'destructive' });
      setSaving(false);
    }
  }
  return (
    <DialogShell title="Moderate Content" description="Hidden content disappears for everyone but its author and admins." onClose={onClose} width="lg">
      <blockquote className="mt-4 max-h-48 overflow-y-auto whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 text-sm text-slate-800" data-testid="moderated-content">{item.content}</blockquote>
      <div className="mt-4 space-y-3">
        <label className="flex items-center justify-between gap-3 text-sm font-medium text-slate-800">
          Hide Content
          <input type="checkbox" role="switch" checked={hide} onChange={(e) => setHide(e.target.checked)} className="h-5 w-9 accent-red-600" />
        </label>
        {hide && (
          <>
            <label className="block text-sm font-medium text-slate-800" htmlFor="moderate-content-reason">Reason</label>
            <select id="moderate-content-reason" value={reason} onChange={(e) => setReason(e.target.value)} className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
              {MODERATION_REASONS.map((r) => <option key={r} value={r}>{moderationReasonLabel[r]}</option>)}
            </select>
          </>
        )}
        <label className="block text-sm font-medium text-slate-800" htmlFor="moderate-content-notes">Moderation Notes</label>
        <textarea id="moderate-content-notes" value={notes} onChange={(e) => setNotes(e.target.value)} rows={3} maxLength={2000} className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
      </div>
      <DialogFooter>
        <button type="button" className="btn-primary" disabled={saving} onClick={() => void save()}>{saving ? 'Saving...' : 'Save Changes'}</button>
      </DialogFooter>
    </DialogShell>
  );
}
