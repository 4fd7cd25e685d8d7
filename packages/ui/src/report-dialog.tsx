import { DialogShell, DialogFooter } from './dialog-shell.tsx';
import { useState } from 'react';
import { api, errorMessage, MODERATED_KIND_TERMS, MODERATION_REASONS, moderationReasonLabel, type ReportType } from '@app/shared/browser';
import { toast } from './toast.ts';

/** Members report a post, a chat message or a comment to the moderators (POST /api/reports). */
export function ReportDialog({ type, contentId, onClose }: { type: ReportType; contentId: number; onClose: () => void }) {
  const [reason, setReason] = useState<string>('spam');
  const [notes, setNotes] = useState('');
  const [sending, setSending] = useState(false);
  async function send() {
    setSending(true);
    try {
      await api.post('/api/reports', { type, contentId, reason, notes: notes.trim() || null });
      toast({ title: 'Report sent', description: 'Thank you. Our moderators will review it.' });
      onClose();
    } catch (err) {
      toast({ title: 'Could not send the report', description: errorMessage(err), variant: 'destructive' });
      setSending(false);
    }
  }
  return (
    <DialogShell title={<>Report this {MODERATED_KIND_TERMS[type].noun}</>} description="Moderators review every report. Content reported by several members is hidden until they do." onClose={onClose}>
      <div className="mt-4 space-y-3">
        <label className="block text-sm font-medium text-slate-800" htmlFor="report-reason">Reason</label>
        <select id="report-reason" value={reason} onChange={(e) => setReason(e.target.value)} className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
          {MODERATION_REASONS.map((r) => <option key={r} value={r}>{moderationReasonLabel[r]}</option>)}
        </select>
        <label className="block text-sm font-medium text-slate-800" htmlFor="report-notes">Notes (optional)</label>
        <textarea id="report-notes" value={notes} onChange={(e) => setNotes(e.target.value)} rows={3} maxLength={1000} className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
      </div>
      <DialogFooter>
        <button type="button" className="btn-primary" disabled={sending} onClick={() => void send()}>{sending ? 'Sending...' : 'Send Report'}</button>
      </DialogFooter>
    </DialogShell>
  );
}
