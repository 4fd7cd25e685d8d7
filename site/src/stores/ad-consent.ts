import { atom } from 'nanostores';

/** Ad consent (spec 01 §3–4): pending until the visitor chooses; kept in localStorage. */
export type AdConsent = 'pending' | 'granted' | 'denied';
export const AD_CONSENT_KEY = 'adConsent';

export const $adConsent = atom<AdConsent>('pending');
/** Reads the stored choice (in the browser) into the store. */
export function loadAdConsent(): AdConsent {
  try {
    const stored = localStorage.getItem(AD_CONSENT_KEY);
    if (stored === 'granted' || stored === 'denied') $adConsent.set(stored);
  } catch {
    /* no storage (server render or private mode): stays as it is */
  }
  return $adConsent.get();
}

export function setAdConsent(value: 'granted' | 'denied'): void {
  try {
    localStorage.setItem(AD_CONSENT_KEY, value);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  $adConsent.set(value);
}
