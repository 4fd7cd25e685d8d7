import type { ClientDirective } from 'astro';
import { NEXT_PAGE_KEY } from '@app/ui';

/**
 * Hydrates the toaster only when a toast is raised on this page (the toast store dispatches
 * "app:toast") or one was queued for it by the previous page.
 */
const toasts: ClientDirective = async (load) => {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    const hydrate = await load();
    await hydrate();
  };
  window.addEventListener('app:toast', () => void start(), { once: true });
  try {
    if (sessionStorage.getItem(NEXT_PAGE_KEY)) await start();
  } catch {
    /* no storage: only live toasts */
  }
};
export default toasts;
