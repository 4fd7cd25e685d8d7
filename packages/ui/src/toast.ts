import { atom } from 'nanostores';

/**
 * The site-wide toast queue shared by every island (spec 01 §8 "Toast behaviour"): one toast
 * visible at a time; a dismissed toast stays mounted for its exit and is removed after
 * 1,000,000 ms. A toast can also be carried across a full page load (e.g. after signing in).
 */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;

export type ToastVariant = 'default' | 'destructive';
export type ToastInput = { title: string; description?: string; variant?: ToastVariant };
export type ToastItem = ToastInput & { id: string; open: boolean };

export const $toasts = atom<ToastItem[]>([]);
const removals = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;
/** Read by site/src/directives/toasts.ts too. */
export const NEXT_PAGE_KEY = 'pending-toast';

export function toast(input: ToastInput): string {
  const id = String(++counter);
  $toasts.set([{ ...input, id, open: true }, ...$toasts.get()].slice(0, TOAST_LIMIT));
  // Wakes the toaster island, which hydrates only when a page actually toasts (client:toasts).
  if (typeof window !== 'undefined') window.dispatchEvent(new Event('app:toast'));
  return id;
}

export function dismissToast(id: string): void {
  $toasts.set($toasts.get().map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (removals.has(id)) return;
  removals.set(
    id,
    setTimeout(() => {
      removals.delete(id);
      $toasts.set($toasts.get().filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

/** Shows the toast on the next page the browser loads (for actions that end in navigation). */
export function toastOnNextPage(input: ToastInput): void {
  try {
    sessionStorage.setItem(NEXT_PAGE_KEY, JSON.stringify(input));
  } catch {
    toast(input);
  }
}

export function takePendingToast(): void {
  try {
    const raw = sessionStorage.getItem(NEXT_PAGE_KEY);
    if (!raw) return;
    sessionStorage.removeItem(NEXT_PAGE_KEY);
    toast(JSON.parse(raw) as ToastInput);
  } catch {
    /* storage unavailable or corrupt: nothing to show */
  }
}
