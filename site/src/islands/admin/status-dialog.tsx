import { DialogShell, DialogFooter } from '@app/ui/dialog-shell';
import { useState, type FormEvent } from 'react';
import { ACCOUNT_STATUSES, ADMIN_SECTIONS, callEndpoint, errorMessage, MODERATION_REASONS, moderationReasonLabel, type AccountStatus } from '@app/shared/browser';
import type { AdminUser } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { withSecondFactor } from '../../lib/step-up';

export const statusLabel: Record<AccountStatus, string> = { active: 'Active', suspended: 'Suspended', banned: 'Banned', under_review: 'Under Review' };

/** Change a member's account status; the reason is asked only for a non-active status (spec 02 §5). */
export function StatusDialog({ user, onClose, onSaved }: { user: AdminUser; onClose: () => void; onSaved: (u: AdminUser) => void }) {
  const [status, setStatus] = useState<AccountStatus>(user.accountStatus);
  const [reason, setReason] = useState<string>(user.lastStatusReason ?? 'other');
  const [notes, setNotes] = useState(user.moderationNotes ?? '');
  const [saving, setSaving] = useState(false);

  async function save(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    try {
      const updated = await withSecondFactor(() => callEndpoint(ADMIN_SECTIONS.users.api.setStatus, { params: { userId: user.id }, body: { status, reason: status === 'active' ? null : reason, notes: notes.trim() || null } }));
      toast({ title: 'User status updated', description: `${updated.username} is now ${statusLabel[updated.accountStatus].toLowerCase()}.` });
      onSaved(updated);
    } catch (err) {
      toast({ title: 'Error updating user status', description: errorMessage(err, 'An error occurred while updating the user status.'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <DialogShell title="Change account status" description={<>{user.displayName} ({user.username})</>} onClose={onClose}>
      <form onSubmit={save} className="mt-4 space-y-4">
        <div className="space-y-1">
          <label htmlFor="status" className="block text-sm font-medium text-slate-800">Status</label>
          <select id="status" value={status} onChange={(e) => setStatus(e.target.value as AccountStatus)} className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm">
            {ACCOUNT_STATUSES.map((s) => <option key={s} value={s}>{statusLabel[s]}</option>)}
          </select>
        </div>
        {status !== 'active' && (
          <div className="space-y-1">
            <label htmlFor="reason" className="block text-sm font-medium text-slate-800">Reason</label>
            <select id="reason" value={reason} onChange={(e) => setReason(e.target.value)} className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm">
              {MODERATION_REASONS.map((r) => <option key={r} value={r}>{moderationReasonLabel[r]}</option>)}
            </select>
          </div>
        )}
        <div className="space-y-1">
          <label htmlFor="notes" className="block text-sm font-medium text-slate-800">Moderation Notes</label>
          <textarea id="notes" value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} rows={3} className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
        </div>
        <DialogFooter>
          <button type="submit" className="btn-primary" disabled={saving}>{saving ? 'Saving...' : 'Save Changes'}</button>
        </DialogFooter>
      </form>
    </DialogShell>
  );
}
