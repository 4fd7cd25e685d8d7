import * as Tabs from '@radix-ui/react-tabs';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { $adminTab } from './admin-nav';

type Section = { value: string; label: string; power: keyof StaffPowers; Panel: LazyExoticComponent<ComponentType> };

/**
 * The dashboard's sections, in tab order: each names the staff power it needs (moderators see
 * Chat Rooms and Content Moderation only) and loads its own code when first opened, so the island
 * ships the tab strip and one section, not all eleven. A new section is one line here.
 */
const SECTIONS: Section[] = [
  { value: 'articles', label: 'Articles', power: 'administer', Panel: lazy(() => import('./articles-tab')) },
  { value: 'users', label: 'Users', power: 'administer', Panel: lazy(() => import('./users-tab')) },
  { value: 'members', label: 'Members & Revenue', power: 'administer', Panel: lazy(() => import('./members-tab')) },
  { value: 'orders', label: 'Orders', power: 'administer', Panel: lazy(() => import('./orders-tab')) },
  { value: 'chat-rooms', label: 'Chat Rooms', power: 'moderate', Panel: lazy(() => import('./chat-rooms-tab')) },
  { value: 'moderation', label: 'Content Moderation', power: 'moderate', Panel: lazy(() => import('./moderation-tab')) },
  { value: 'deployment', label: 'Deployment', power: 'administer', Panel: lazy(() => import('./deployment-tab')) },
  { value: 'youtube', label: 'YouTube', power: 'administer', Panel: lazy(() => import('./youtube-tab')) },
  { value: 'settings', label: 'Settings', power: 'administer', Panel: lazy(() => import('./settings-tab')) },
  { value: 'system', label: 'System', power: 'administer', Panel: lazy(() => import('./system-tab')) },
  { value: 'audit', label: 'Audit Log', power: 'administer', Panel: lazy(() => import('./audit-log-tab')) },
];

export type StaffPowers = { moderate: boolean; administer: boolean };

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
