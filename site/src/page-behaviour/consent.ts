/**
 * Cookie and advertising consent (spec 01 §3–4), without a framework: the choice lives in
 * localStorage under "adConsent"; <html data-ads> mirrors it so CSS shows the ad slots only when
 * granted; the dialog opens while the choice is pending.
 */
export const AD_CONSENT_KEY = 'adConsent';
export type AdConsent = 'pending' | 'granted' | 'denied';

export function readConsent(storage: Storage = localStorage): AdConsent {
  try {
    const v = storage.getItem(AD_CONSENT_KEY);
    return v === 'granted' || v === 'denied' ? v : 'pending';
  } catch {
    return 'pending';
  }
}

export function initConsent(doc: Document = document): void {
  const dialog = doc.querySelector<HTMLDialogElement>('[data-consent-dialog]');
  const apply = (value: AdConsent) => {
    doc.documentElement.dataset.ads = value;
  };
  const current = readConsent();
  apply(current);
  if (!dialog) return;
  for (const button of dialog.querySelectorAll<HTMLButtonElement>('[data-consent]')) {
    button.addEventListener('click', () => {
      const value = button.dataset.consent as 'granted' | 'denied';
      try {
        localStorage.setItem(AD_CONSENT_KEY, value);
      } catch {
        /* private mode: the choice lasts for this page */
      }
      apply(value);
      dialog.close();
    });
  }
  // Never in a frame: the only page the site lets be framed is a preview inside the CMS's live
  // preview, where the question is not the editor's, and a modal there (its heading has autofocus)
  // would take the focus from the field the editor is using at every reload.
  if (current === 'pending' && !dialog.open && window.self === window.top) dialog.showModal();
}
