import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initConsent } from './consent';

function page() {
  document.body.innerHTML = `
    <dialog data-consent-dialog aria-label="Cookies and Advertising Consent">
      <a href="/policies/privacy">privacy policy</a>
      <button data-consent="denied">Decline</button><button data-consent="granted">Accept All</button>
    </dialog>
    <aside class="ad-slot">Advertisement</aside>`;
  return document.querySelector('dialog')!;
}

beforeEach(() => {
  delete document.documentElement.dataset.ads;
});
afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('cookie and advertising consent', () => {
  it('asks while the choice is pending, with a link to the privacy policy', () => {
    const dialog = page();
    initConsent();
    expect(dialog.open).toBe(true);
    expect(document.documentElement.dataset.ads).toBe('pending');
    expect(dialog.querySelector('a')!.getAttribute('href')).toBe('/policies/privacy');
  });

  it('Accept All stores "granted", closes, and lets the ad slots show', () => {
    const dialog = page();
    initConsent();
    dialog.querySelector<HTMLButtonElement>('[data-consent=granted]')!.click();
    expect(localStorage.getItem('adConsent')).toBe('granted');
    expect(dialog.open).toBe(false);
    expect(document.documentElement.dataset.ads).toBe('granted');
  });

  it('Decline stores "denied"', () => {
    const dialog = page();
    initConsent();
    dialog.querySelector<HTMLButtonElement>('[data-consent=denied]')!.click();
    expect(localStorage.getItem('adConsent')).toBe('denied');
    expect(document.documentElement.dataset.ads).toBe('denied');
  });

  it('does not ask again once a choice is stored', () => {
    localStorage.setItem('adConsent', 'granted');
    const dialog = page();
    initConsent();
    expect(dialog.open).toBe(false);
    expect(document.documentElement.dataset.ads).toBe('granted');
  });
});
