/**
 * Tabs without a framework for static and server-rendered pages: `[data-hash-tabs]` holds
 * `[role=tab][data-tab=ID]` buttons and panels with those ids. The address's anchor (#ID) selects a
 * tab on load and when it changes; clicking a tab updates the anchor; arrow keys move between tabs.
 */
export function enableHashTabs(root: HTMLElement): void {
  const tabs = [...root.querySelectorAll<HTMLButtonElement>('[role=tab][data-tab]')];
  function select(id: string, focus = false) {
    const tab = tabs.find((t) => t.dataset.tab === id);
    if (!tab) return;
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute('aria-selected', String(on));
      t.tabIndex = on ? 0 : -1;
      document.getElementById(t.dataset.tab!)!.hidden = !on;
    }
    if (focus) tab.focus();
  }
  tabs.forEach((t, i) => {
    t.addEventListener('click', () => {
      select(t.dataset.tab!);
      history.replaceState(null, '', `#${t.dataset.tab}`);
    });
    t.addEventListener('keydown', (e) => {
      const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
      if (step) select(tabs[(i + step + tabs.length) % tabs.length]!.dataset.tab!, true);
    });
  });
  const fromHash = () => select(decodeURIComponent(location.hash.slice(1)));
  fromHash();
  window.addEventListener('hashchange', fromHash);
}
