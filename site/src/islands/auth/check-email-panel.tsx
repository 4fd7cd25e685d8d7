import { useState } from 'react';
import { api } from '@app/shared/browser';
import type { User } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { failureToast } from './auth-toasts';

/** After sign-up: the link is on its way (the same answer whether or not the address had an account). */
export function CheckEmailPanel({ email, message, onBack }: { email: string; message: string; onBack: () => void }) {
  return (
    <div className="space-y-4" aria-labelledby="check-email-title">
      <h2 id="check-email-title" className="text-xl font-bold text-slate-900">Check your email</h2>
      <p role="status" className="text-sm text-slate-700">{message}</p>
      <p className="text-sm text-slate-600">
        We sent it to <strong className="font-medium text-slate-900">{email}</strong>. No mail after a few minutes? Look in your spam folder, or log in and ask for a new link.
      </p>
      <button type="button" className="btn-primary w-full" onClick={onBack}>Back to login</button>
    </div>
  );
}

/**
 * After signing in with an address not yet confirmed: we send no other mail until it is, so the
 * member may ask for a new link (a few an hour) or go on.
 */
export function ConfirmNudge({ user, onContinue }: { user: User; onContinue: () => void }) {
  const [busy, setBusy] = useState(false);

  async function resend() {
    setBusy(true);
    try {
      const res = await api.post<{ message: string }>('/api/auth/resend-confirmation');
      toast({ title: 'Confirmation email sent', description: res.message });
    } catch (err) {
      toast(failureToast('Could not send the email', err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4" aria-labelledby="nudge-title">
      <h2 id="nudge-title" className="text-xl font-bold text-slate-900">Please confirm your email address</h2>
      <p className="text-sm text-slate-700">
        Open the link we sent to <strong className="font-medium text-slate-900">{user.email}</strong>. Until then we send you no other mail, order confirmations included.
      </p>
      <button type="button" className="btn-primary w-full" onClick={resend} disabled={busy}>{busy ? 'Sending...' : 'Resend confirmation email'}</button>
      <button type="button" className="btn-ghost w-full" onClick={onContinue}>Continue</button>
    </div>
  );
}
