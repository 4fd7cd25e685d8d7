import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $adConsent, loadAdConsent, setAdConsent } from '../../stores/ad-consent';

/** The cookie and advertising consent dialog; opens while the choice is pending. */
export default function ConsentDialog() {
  const consent = useStore($adConsent);
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    loadAdConsent();
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (consent === 'pending' && loadAdConsent() === 'pending' && !dialog.open) dialog.showModal();
    if (consent !== 'pending' && dialog.open) dialog.close();
  }, [consent]);

  return (
    <dialog
      ref={ref}
      aria-labelledby="consent-title"
      aria-describedby="consent-text"
      className="fixed inset-x-0 bottom-0 top-auto m-0 w-full max-w-none rounded-t-2xl border-0 bg-white p-0 shadow-2xl backdrop:bg-slate-900/40 sm:bottom-6 sm:left-1/2 sm:w-[32rem] sm:-translate-x-1/2 sm:rounded-2xl"
    >
      <div className="space-y-4 p-6">
        <h2 id="consent-title" tabIndex={-1} autoFocus className="text-lg font-bold text-slate-900 outline-none">Cookies and Advertising Consent</h2>
        <p id="consent-text" className="text-sm leading-6 text-slate-600">
          We use cookies to keep you signed in and, with your permission, to show advertising that helps keep our free
          content free. You can change your mind at any time. Read our{' '}
          <a href="/policies/privacy" className="font-medium text-brand-700 underline">privacy policy</a>.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-outline" onClick={() => setAdConsent('denied')}>Decline</button>
          <button type="button" className="btn-primary" onClick={() => setAdConsent('granted')}>Accept All</button>
        </div>
      </div>
    </dialog>
  );
}
