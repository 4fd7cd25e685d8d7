import { useState, type FormEvent } from 'react';
import { MentionInput } from '../../lib/mention-input';

/** A comment, reply or edit box: Submit is disabled while blank or saving (spec 01 §5). */
export function CommentForm({ label, submitLabel, initial = '', onSubmit, onCancel, autoFocus, place }: {
  label: string; submitLabel: string; initial?: string; autoFocus?: boolean;
  /** Where @mentions are suggested from (`article:{id}`). */
  place: string;
  onSubmit: (content: string) => Promise<boolean>; onCancel?: () => void;
}) {
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!text.trim()) return;
    setSaving(true);
    const ok = await onSubmit(text.trim());
    setSaving(false);
    if (ok && !initial) setText('');
  }
  return (
    <form onSubmit={submit} className="space-y-2">
      <label className="sr-only" htmlFor={`comment-${label}`}>{label}</label>
      <MentionInput as="textarea" place={place} id={`comment-${label}`} value={text} onValueChange={setText} placeholder={label} rows={3} maxLength={5000} autoFocus={autoFocus}
        className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={!text.trim() || saving}>{saving ? 'Saving...' : submitLabel}</button>
        {onCancel && <button type="button" className="btn-ghost" onClick={onCancel}>Cancel</button>}
      </div>
    </form>
  );
}
