import * as Tabs from '@radix-ui/react-tabs';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { ADMIN_SECTION_IDS, ADMIN_SECTIONS, type AdminSectionId, type StaffPower } from '@app/shared/browser';
import { $adminTab } from './admin-nav';

/**
 * Each section's panel (ADMIN_SECTIONS in @app/shared names it, says which power it needs and what
 * it calls): it loads its own code when first opened, so the island ships the tab strip and one
 * section, not all eleven. A section without its panel here does not compile.
 */
const PANELS: { [S in AdminSectionId]: LazyExoticComponent<ComponentType> } = {
  articles: lazy(() => import('./articles-tab')),
  users: lazy(() => import('./users-tab')),
  members: lazy(() => import('./members-tab')),
  orders: lazy(() => import('./orders-tab')),
  'chat-rooms': lazy(() => import('./chat-rooms-tab')),
  moderation: lazy(() => import('./moderation-tab')),
  deployment: lazy(() => import('./deployment-tab')),
  youtube: lazy(() => import('./youtube-tab')),
  settings: lazy(() => import('./settings-tab')),
  system: lazy(() => import('./system-tab')),
  audit: lazy(() => import('./audit-log-tab')),
};

/** The sections in tab order (moderators see Chat Rooms and Content Moderation only). */
const SECTIONS = ADMIN_SECTION_IDS.map((value) => ({ value, label: ADMIN_SECTIONS[value].label, power: ADMIN_SECTIONS[value].power, Panel: PANELS[value] }));

export type StaffPowers = Record<StaffPower, boolean>;

/** /admin and /admin/dashboard: the same dashboard for staff (guarded on the server), a tab per power they hold. */
export default function AdminDashboard({ powers }: { powers: StaffPowers }) {
  const shown = SECTIONS.filter((t) => powers[t.power]);
  const chosen = useStore($adminTab);
  const tab = shown.some((t) => t.value === chosen) ? chosen : (shown[0]?.value ?? chosen);
  // Sections load in the browser only: the server's HTML (and the first render that hydrates it)
  // holds the tab strip and "Loading...", since a lazy section cannot be rendered to a string.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const loading = <p className="text-slate-600" aria-busy="true">Loading...</p>;
  return (
    <Tabs.Root value={tab} onValueChange={(v) => $adminTab.set(v)} className="admin-dashboard">
      {/* The tabs wrap at every width: a row that scrolled sideways cut its last tab on a phone with no sign there was more. */}
      <Tabs.List aria-label="Admin sections" className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
        {shown.map((t) => (
          <Tabs.Trigger key={t.value} value={t.value} className="shrink-0 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm">
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {shown.map(({ value, Panel }) => (
        <Tabs.Content key={value} value={value} className="pt-6">
          {mounted ? <Suspense fallback={loading}><Panel /></Suspense> : loading}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
