import * as Tabs from '@radix-ui/react-tabs';
import { useStore } from '@nanostores/react';
import { $adminTab } from './admin-nav';
import ArticlesTab from './articles-tab';
import AuditLogTab from './audit-log-tab';
import DeploymentTab from './deployment-tab';
import ChatRoomsTab from './chat-rooms-tab';
import MembersTab from './members-tab';
import ModerationTab from './moderation-tab';
import OrdersTab from './orders-tab';
import SettingsTab from './settings-tab';
import SystemTab from './system-tab';
import UsersTab from './users-tab';
import YouTubeTab from './youtube-tab';

/** Each tab needs one staff power: moderators see Chat Rooms and Content Moderation only. */
const tabs = [
  { value: 'articles', label: 'Articles', power: 'administer' },
  { value: 'users', label: 'Users', power: 'administer' },
  { value: 'members', label: 'Members & Revenue', power: 'administer' },
  { value: 'orders', label: 'Orders', power: 'administer' },
  { value: 'chat-rooms', label: 'Chat Rooms', power: 'moderate' },
  { value: 'moderation', label: 'Content Moderation', power: 'moderate' },
  { value: 'deployment', label: 'Deployment', power: 'administer' },
  { value: 'youtube', label: 'YouTube', power: 'administer' },
  { value: 'settings', label: 'Settings', power: 'administer' },
  { value: 'system', label: 'System', power: 'administer' },
  { value: 'audit', label: 'Audit Log', power: 'administer' },
] as const;

export type StaffPowers = { moderate: boolean; administer: boolean };

/** /admin and /admin/dashboard: the same dashboard for staff (guarded on the server), a tab per power they hold. */
export default function AdminDashboard({ powers }: { powers: StaffPowers }) {
  const shown = tabs.filter((t) => powers[t.power]);
  const chosen = useStore($adminTab);
  const tab = shown.some((t) => t.value === chosen) ? chosen : (shown[0]?.value ?? chosen);
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
      {shown.map((t) => (
        <Tabs.Content key={t.value} value={t.value} className="pt-6">
          {t.value === 'users' ? (
            <UsersTab />
          ) : t.value === 'articles' ? (
            <ArticlesTab />
          ) : t.value === 'members' ? (
            <MembersTab />
          ) : t.value === 'orders' ? (
            <OrdersTab />
          ) : t.value === 'moderation' ? (
            <ModerationTab />
          ) : t.value === 'chat-rooms' ? (
            <ChatRoomsTab />
          ) : t.value === 'youtube' ? (
            <YouTubeTab />
          ) : t.value === 'deployment' ? (
            <DeploymentTab />
          ) : t.value === 'settings' ? (
            <SettingsTab />
          ) : t.value === 'system' ? (
            <SystemTab />
          ) : (
            <AuditLogTab />
          )}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
