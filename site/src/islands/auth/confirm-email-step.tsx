import { useEffect, useRef, useState } from 'react';
import { api, errorMessage } from '@app/shared/browser';
import type { User } from '@app/shared/schemas';
import { toastOnNextPage } from '@app/ui';

/**
 * /auth?confirm-token=TOKEN, opened from the confirmation mail: confirms the address (DESIGN
 * §7.18), signs the member in on this browser, and goes to their profile with a toast.
 */
export function ConfirmEmailStep({ token, onLeave }: { token: string; onLeave: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  // The link works once: never send it twice, even if the effect runs again.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    api.post<User>('/api/auth/confirm-email', { token }).then(
      (user) => {
        toastOnNextPage({ title: 'Email confirmed', description: `Thank you, ${user.displayName || user.username}: your email address is confirmed.` });
        window.location.assign('/profile');
      },
      (err) => setFailure(errorMessage(err, 'This confirmation link could not be used. Sign in and ask for a new one.')),
    );
  }, [token]);

  return (
    <div className="space-y-4" aria-labelledby="confirm-title">
      <h2 id="confirm-title" className="text-xl font-bold text-slate-900">Confirm your email address</h2>
      {failure ? (
        <>
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{failure}</p>
          <button type="button" className="btn-primary w-full" onClick={onLeave}>Back to login</button>
        </>
      ) : (
        <p role="status" className="text-sm text-slate-600">Confirming your email address...</p>
      )}
    </div>
  );
}
