import { useState } from 'react';
import { MODERATION_REASONS, moderationReasonLabel, type ModerationReason } from '@app/shared/browser';
import { DialogFooter, DialogShell } from './dialog-shell.tsx';
import { SwitchField } from './switch-field.tsx';

/** What staff decided: hidden with a reason and notes, or visible (which approves a held chat message). */
export type ModerationChoice = { isHidden: boolean; reason: ModerationReason | null; notes: string | null };

type Props = {
  /** "Moderate Content" in the admin tables (spec 02), "Moderate comment" beside a comment (spec 01). */
  title: string;
  description: string;
  /** The words being moderated, shown in full; left out where they are already on the page. */
  content?: string;
  initial: { isHidden: boolean; hiddenReason?: string | null; moderationNotes?: string | null };
  /** Beside a visible comment the dialog only hides, so it needs no switch and says what it does. */
  hideOnly?: boolean;
  /** Resolves when saved; rejects after telling the user why (the dialog stays open). */
  onSave: (choice: ModerationChoice) => Promise<void>;
  onClose: () => void;
};

/**
 * The one moderation dialog (spec 02 §2): the content, a Hide Content switch, the reason (only
 * when hiding) and Moderation Notes. Every place staff hide or show something uses it.
 */
export function ModerateContentDialog({ title, description, content, initial, hideOnly = false, onSave, onClose }: Props) {
  const [hide, setHide] = useState(hideOnly || initial.isHidden);
  const [reason, setReason] = useState<ModerationReason>((initial.hiddenReason as ModerationReason | null) ?? 'inappropriate_content');
  const [notes, setNotes] = useState(initial.moderationNotes ?? '');
  const [saving, setSaving] = useState(false);
  async function save() {
    setSaving(true);
    try {
      await onSave({ isHidden: hide, reason: hide ? reason : null, notes: notes.trim() || null });
      onClose();
    } catch {
      setSaving(false);
    }
  }
  return (
    <DialogShell title={title} description={description} onClose={onClose} width="lg">
      {content !== undefined && <blockquote className="mt-4 max-h-48 overflow-y-auto whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 text-sm text-slate-800" data-testid="moderated-content">{content}</blockquote>}
      <div className="mt-4 space-y-3">
        {!hideOnly && (
          <SwitchField label="Hide Content" checked={hide} onChange={setHide} tone="danger" />
        )}
        {hide && (
          <>
            <label className="block text-sm font-medium text-slate-800" htmlFor="moderate-content-reason">Reason</label>
            <select id="moderate-content-reason" value={reason} onChange={(e) => setReason(e.target.value as ModerationReason)} className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
              {MODERATION_REASONS.map((r) => <option key={r} value={r}>{moderationReasonLabel[r]}</option>)}
            </select>
          </>
        )}
        <label className="block text-sm font-medium text-slate-800" htmlFor="moderate-content-notes">Moderation Notes</label>
        <textarea id="moderate-content-notes" value={notes} onChange={(e) => setNotes(e.target.value)} rows={3} maxLength={2000} className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
      </div>
      <DialogFooter>
        <button type="button" className={hideOnly ? 'btn-primary bg-red-600 hover:bg-red-700' : 'btn-primary'} disabled={saving} onClick={() => void save()}>
          {hideOnly ? (saving ? 'Hiding...' : 'Hide Comment') : saving ? 'Saving...' : 'Save Changes'}
        </button>
      </DialogFooter>
    </DialogShell>
  );
}
