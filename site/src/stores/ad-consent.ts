import { atom } from 'nanostores';

/** Ad consent (spec 01 §3–4): pending until the visitor chooses; kept in localStorage. */
export type AdConsent = 'pending' | 'granted' | 'denied';
export const AD_CONSENT_KEY = 'adConsent';

export const $adConsent = atom<AdConsent>('pending');
let loaded = false;

/** Reads the stored choice once, in the browser. */
export function loadAdConsent(): AdConsent {
  if (!loaded && typeof localStorage !== 'undefined') {
    loaded = true;
    const stored = localStorage.getItem(AD_CONSENT_KEY);
    if (stored === 'granted' || stored === 'denied') $adConsent.set(stored);
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
