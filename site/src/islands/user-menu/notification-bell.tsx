import * as Menu from '@radix-ui/react-dropdown-menu';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { BellIcon, NotificationLine } from '../../lib/notification-line';
import { toast } from '@app/ui';
import { $notifications, loadNotifications, markRead } from '../../stores/notifications';

/**
 * The header's bell (issue 37 #3): the unread count on every page, kept current by the socket;
 * opened, the newest notifications, "Mark all read" and a link to them all.
 */
export default function NotificationBell() {
  const state = useStore($notifications);
  useEffect(() => {
    void loadNotifications().catch(() => undefined);
  }, []);
  const unread = state?.unread ?? 0;
  const newest = state?.items.slice(0, 6) ?? [];

  async function markAll() {
    try {
      await markRead();
    } catch {
      toast({ title: 'Error', description: 'Could not mark your notifications read. Please try again.', variant: 'destructive' });
    }
  }

  return (
    <Menu.Root onOpenChange={(open) => open && void loadNotifications().catch(() => undefined)}>
      <Menu.Trigger className="relative rounded-full p-2 text-slate-700 hover:bg-slate-100" aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}>
        <BellIcon />
        {unread > 0 && (
          <span aria-hidden="true" data-unread-count className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold leading-5 text-white">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={8} className="z-50 w-80 max-w-[calc(100vw-1rem)] rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          <div className="flex items-center justify-between px-3 py-2">
            <p className="font-semibold text-slate-900">Notifications</p>
            {unread > 0 && (
              <Menu.Item onSelect={(e) => { e.preventDefault(); void markAll(); }} className="cursor-pointer rounded px-2 py-1 text-sm font-medium text-brand-700 outline-none data-[highlighted]:bg-slate-100">
                Mark all read
              </Menu.Item>
            )}
          </div>
          <Menu.Separator className="my-1 h-px bg-slate-200" />
          {newest.length === 0 && <p className="px-3 py-4 text-sm text-slate-600">{state ? 'Nothing yet. Replies, mentions and order updates will show here.' : 'Loading...'}</p>}
          {newest.map((n) => (
            <Menu.Item key={n.id} asChild>
              <a href={n.url} onClick={() => !n.readAt && void markRead([n.id]).catch(() => undefined)} className="block rounded px-3 py-2 outline-none data-[highlighted]:bg-slate-100">
                <NotificationLine n={n} />
              </a>
            </Menu.Item>
          ))}
          <Menu.Separator className="my-1 h-px bg-slate-200" />
          <Menu.Item asChild><a href="/notifications" className="block rounded px-3 py-2 text-center text-sm font-medium text-brand-700 outline-none data-[highlighted]:bg-slate-100">See all notifications</a></Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
