import { useEffect, useRef, useState } from 'react';
import { api, errorMessage, safeRedirectPath } from '@app/shared/browser';
import type { User } from '@app/shared/schemas';
import { toastOnNextPage } from '@app/ui';

/** Where sign-up was headed (/auth?redirect=…), kept until the emailed link is opened. */
const AFTER_CONFIRM_KEY = 'redirect-after-confirm';

export function rememberRedirectAfterConfirm(redirect: string): void {
  localStorage.setItem(AFTER_CONFIRM_KEY, redirect);
}

/**
 * /auth?confirm-token=TOKEN, opened from the confirmation mail: confirms the address, which
 * starts the session (DESIGN §7.18), then goes where sign-up was headed with the spec's
 * welcome toast.
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
        const redirect = safeRedirectPath(localStorage.getItem(AFTER_CONFIRM_KEY));
        localStorage.removeItem(AFTER_CONFIRM_KEY);
        toastOnNextPage({ title: 'Registration successful', description: `Welcome to Better Self, ${user.displayName || user.username}!` });
        window.location.assign(redirect);
      },
      (err) => setFailure(errorMessage(err)),
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
