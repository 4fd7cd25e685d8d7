import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { can, readingTier, viewerOf } from '@app/shared/browser';
import type { User } from '@app/shared/schemas';
import { $user, loadUser } from '../../stores/session';

// Visitors never download the dropdown menu.
const SignedInMenu = lazy(() => import('./signed-in-menu'));

/**
 * The header's account area. Pages rendered on demand pass the user (no flash); static pages
 * start signed out and the pre-paint hint hides the buttons until the session is known.
 */
export default function UserMenu({ initialUser }: { initialUser?: User | null }) {
  const stored = useStore($user);
  const [hydrated, setHydrated] = useState(false);
  const user = hydrated ? stored : initialUser;

  useEffect(() => {
    if (initialUser !== undefined) $user.set(initialUser);
    else void loadUser();
    setHydrated(true);
  }, [initialUser]);

  useEffect(() => {
    if (!hydrated || stored === undefined) return;
    // Static pages show tier-dependent parts from these (premium overlays, upgrade calls, ads):
    // see global.css and components/tier-styles.astro.
    const html = document.documentElement;
    const viewer = viewerOf(stored);
    html.removeAttribute('data-signed-in');
    html.dataset.viewerTier = readingTier(viewer) ?? 'visitor';
    html.toggleAttribute('data-staff', can(viewer, 'moderate'));
    html.toggleAttribute('data-ad-free', can(viewer, 'ad-free'));
  }, [hydrated, stored]);

  if (!user) {
    return (
      <div className="hidden items-center gap-2 sm:flex" data-auth-out>
        <a href="/auth" className="btn-ghost">Log In</a>
        <a href="/auth?signup=true" className="btn-primary">Sign Up</a>
      </div>
    );
  }
  return (
    <Suspense fallback={<span className="block h-8 w-8 animate-pulse rounded-full bg-slate-200" />}>
      <SignedInMenu user={user} />
    </Suspense>
  );
}
