import { useState, type FormEvent } from 'react';
import { COMMENT_MAX_LENGTH, commentTextProblem } from '@app/shared/browser';
import { MentionInput } from '../../lib/mention-input';

/**
 * A comment, reply or edit box: Submit is disabled while blank or saving (spec 01 §5), by the rule
 * the API's CommentContentSchema checks with (zod-free: article pages ship no zod).
 */
export function CommentForm({ label, submitLabel, initial = '', onSubmit, onCancel, autoFocus, place }: {
  label: string; submitLabel: string; initial?: string; autoFocus?: boolean;
  /** Where @mentions are suggested from (`article:{id}`). */
  place: string;
  onSubmit: (content: string) => Promise<boolean>; onCancel?: () => void;
}) {
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  const problem = commentTextProblem(text);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (problem) return;
    setSaving(true);
    const ok = await onSubmit(text.trim());
    setSaving(false);
    if (ok && !initial) setText('');
  }
  return (
    <form onSubmit={submit} className="space-y-2">
      <label className="sr-only" htmlFor={`comment-${label}`}>{label}</label>
      <MentionInput as="textarea" place={place} id={`comment-${label}`} value={text} onValueChange={setText} placeholder={label} rows={3} maxLength={COMMENT_MAX_LENGTH} autoFocus={autoFocus}
        className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={problem !== null || saving}>{saving ? 'Saving...' : submitLabel}</button>
        {onCancel && <button type="button" className="btn-ghost" onClick={onCancel}>Cancel</button>}
      </div>
    </form>
  );
}
