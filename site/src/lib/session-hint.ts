/**
 * Whether the readable `signed_in` hint cookie is set (the API sets it with the session and
 * clears it at sign-out). It says nothing trustworthy; it only decides what to load. The inline
 * pre-paint script in layouts/base.astro repeats this check because it cannot import.
 */
export function hasSessionHint(): boolean {
  return typeof document !== 'undefined' && document.cookie.split('; ').includes('signed_in=1');
}
