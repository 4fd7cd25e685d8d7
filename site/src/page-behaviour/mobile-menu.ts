/** The slide-out menu for narrow screens: a native modal dialog, closed by its button, Escape or the backdrop. */
export function initMobileMenu(doc: Document = document): void {
  const dialog = doc.querySelector<HTMLDialogElement>('[data-mobile-menu]');
  if (!dialog) return;
  doc.querySelector('[data-menu-open]')?.addEventListener('click', () => dialog.showModal());
  dialog.querySelector('[data-menu-close]')?.addEventListener('click', () => dialog.close());
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog) dialog.close();
  });
}

/** Sign-out buttons outside React islands: end the session, then show the toast on the home page. */
export function initSignOutButtons(doc: Document = document): void {
  for (const button of doc.querySelectorAll<HTMLButtonElement>('[data-sign-out]')) {
    button.addEventListener('click', async () => {
      const { signOut } = await import('../lib/sign-out');
      await signOut();
    });
  }
}
