import * as Menu from '@radix-ui/react-dropdown-menu';
import { awaitsSecondFactor, can, initials, tierLabel, viewerOf } from '@app/shared/browser';
import { Avatar } from '@app/ui/avatar';
import type { User } from '@app/shared/schemas';
import { useStore } from '@nanostores/react';
import { signOut } from '../../lib/sign-out';
import { $chatUnread } from '../../stores/notifications';
import NotificationBell from './notification-bell';

const memberLabel = (u: Pick<User, 'membershipTier'>) => `${tierLabel(u.membershipTier)} Member`;

/** The avatar menu; loaded only for signed-in visitors (the cart link is the header's, for everyone). */
export default function SignedInMenu({ user }: { user: User }) {
  const name = user.displayName || user.username;
  const chatUnread = useStore($chatUnread);
  // The button shows the member's initials when they have no picture: its name starts with what
  // it shows, so "click RR" works for someone using voice control (WCAG 2.5.3, label in name).
  const shown = user.avatarUrl ? '' : initials(name);
  const label = shown ? `${shown}, account menu for ${name}` : `Account menu for ${name}`;
  return (
    <div className="flex items-center gap-1">
      <NotificationBell />
      <Menu.Root>
        <Menu.Trigger className="flex items-center gap-2 rounded-full p-1 hover:bg-slate-100" aria-label={label}>
          <Avatar name={name} url={user.avatarUrl} size="sm" />
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content align="end" sideOffset={8} className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
            <div className="px-3 py-2">
              <p className="font-semibold text-slate-900">{name}</p>
              <p className="text-xs text-slate-600">{memberLabel(user)}</p>
            </div>
            <Menu.Separator className="my-1 h-px bg-slate-200" />
            <Menu.Item asChild><a href="/profile" className="block rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100">Profile</a></Menu.Item>
            <Menu.Item asChild><a href="/notifications" className="block rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100">Notifications</a></Menu.Item>
            <Menu.Item asChild>
              <a href="/chat" className="flex items-center justify-between gap-2 rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100">
                Chat
                {chatUnread > 0 && <span className="badge bg-brand-100 text-brand-900" data-testid="chat-unread">{chatUnread > 99 ? '99+' : chatUnread} new</span>}
              </a>
            </Menu.Item>
            <Menu.Item asChild><a href="/favorites" className="block rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100">Favorites</a></Menu.Item>
            <Menu.Item asChild><a href="/watch-later" className="block rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100">Watch Later</a></Menu.Item>
            {/* Staff still to pass their second factor keep the link: the dashboard sends them to set it up (issue 52). */}
            {(can(viewerOf(user), 'moderate') || awaitsSecondFactor(viewerOf(user))) && <Menu.Item asChild><a href="/admin" className="block rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100">Admin Dashboard</a></Menu.Item>}
            <Menu.Separator className="my-1 h-px bg-slate-200" />
            <Menu.Item onSelect={() => void signOut()} className="cursor-pointer rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100">Sign Out</Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
    </div>
  );
}
