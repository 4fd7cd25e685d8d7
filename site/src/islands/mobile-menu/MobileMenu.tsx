import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import { $user } from '../../stores/session';
import { signOut } from '../../lib/sign-out';

type Link = { href: string; label: string; active: boolean };

/** The slide-out menu for narrow screens: the same links as the header, in a modal dialog. */
export default function MobileMenu({ links }: { links: Link[] }) {
  const ref = useRef<HTMLDialogElement>(null);
  const user = useStore($user);
  return (
    <>
      <button type="button" className="btn-ghost xl:hidden" aria-label="Open menu" aria-haspopup="dialog" onClick={() => ref.current?.showModal()}>
        <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true"><path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
      </button>
      <dialog
        ref={ref}
        aria-label="Menu"
        onClick={(e) => e.target === ref.current && ref.current?.close()}
        className="m-0 ml-auto h-full max-h-none w-80 max-w-[85vw] border-0 bg-white p-0 shadow-2xl backdrop:bg-slate-900/40"
      >
        <div className="flex h-full flex-col gap-4 p-5">
          <div className="flex items-center justify-between">
            <span className="text-lg font-bold text-slate-900">Menu</span>
            <button type="button" className="btn-ghost" aria-label="Close menu" onClick={() => ref.current?.close()}>
              <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true"><path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
            </button>
          </div>
          <form action="/search" method="get" role="search">
            <label htmlFor="mobile-search" className="sr-only">Search</label>
            <input id="mobile-search" name="q" type="search" placeholder="Search articles..." maxLength={200}
              className="w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm" />
          </form>
          <nav aria-label="Mobile">
            <ul className="space-y-1">
              {links.map((l) => (
                <li key={l.href}>
                  <a href={l.href} aria-current={l.active ? 'page' : undefined}
                    className={`block rounded-md px-3 py-2 font-medium ${l.active ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`}>
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-auto grid gap-2">
            {user ? (
              <>
                <p className="text-sm text-slate-600">Signed in as <span className="font-semibold text-slate-900">{user.displayName || user.username}</span></p>
                <a href="/profile" className="btn-outline">Profile</a>
                {user.isAdmin && <a href="/admin" className="btn-outline">Admin Dashboard</a>}
                <button type="button" className="btn-ghost" onClick={() => void signOut()}>Sign Out</button>
              </>
            ) : (
              <>
                <a href="/auth" className="btn-outline">Log In</a>
                <a href="/auth?signup=true" className="btn-primary">Sign Up</a>
              </>
            )}
          </div>
        </div>
      </dialog>
    </>
  );
}
