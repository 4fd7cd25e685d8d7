import * as Menu from '@radix-ui/react-dropdown-menu';
import { useStore } from '@nanostores/react';
import { initials, tierLabel } from '@app/shared/browser';
import type { User } from '@app/shared/schemas';
import { $cartCount } from '../../stores/cart';
import { signOut } from '../../lib/sign-out';

const memberLabel = (u: Pick<User, 'membershipTier'>) => `${tierLabel(u.membershipTier)} Member`;

/** Cart link and avatar menu; loaded only for signed-in visitors. */
export default function SignedInMenu({ user }: { user: User }) {
  const cartCount = useStore($cartCount);
  const name = user.displayName || user.username;
  return (
    <div className="flex items-center gap-1">
      <a href="/cart" className="btn-ghost relative px-2" aria-label={cartCount > 0 ? `Cart, ${cartCount} items` : 'Cart'}>
        <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true"><path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.8a2 2 0 0 0 2-1.5L21 8H6" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" /><circle cx="10" cy="20" r="1.3" fill="currentColor" /><circle cx="17" cy="20" r="1.3" fill="currentColor" /></svg>
        {cartCount > 0 && <span className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-xs font-bold text-white">{cartCount}</span>}
      </a>
      <Menu.Root>
        <Menu.Trigger className="flex items-center gap-2 rounded-full p-1 hover:bg-slate-100" aria-label={`Account menu for ${name}`}>
          {user.avatarUrl ? (
            <img src={user.avatarUrl} alt="" className="h-8 w-8 rounded-full object-cover" />
          ) : (
            <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">{initials(name)}</span>
          )}
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content align="end" sideOffset={8} className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
            <div className="px-3 py-2">
              <p className="font-semibold text-slate-900">{name}</p>
              <p className="text-xs text-slate-600">{memberLabel(user)}</p>
            </div>
            <Menu.Separator className="my-1 h-px bg-slate-200" />
            <Menu.Item asChild><a href="/profile" className="block rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100">Profile</a></Menu.Item>
            <Menu.Item asChild><a href="/chat" className="block rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100">Chat</a></Menu.Item>
            {user.isAdmin && <Menu.Item asChild><a href="/admin" className="block rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100">Admin Dashboard</a></Menu.Item>}
            <Menu.Separator className="my-1 h-px bg-slate-200" />
            <Menu.Item onSelect={() => void signOut()} className="cursor-pointer rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100">Sign Out</Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
    </div>
  );
}
