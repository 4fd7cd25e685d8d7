import { siteConfig } from './config';
import { defineMiddleware } from 'astro:middleware';
import { awaitsSecondFactor, guardFor, can, SECURITY_PATH, viewerOf, type SiteSettings } from '@app/shared/browser';
import type { User } from '@app/shared/schemas';
import { loadContent } from './lib/content';
import { useSiteSettings } from './lib/site-settings';


/** The signed-in user for an on-demand page, asked of the API with the visitor's cookie. */
async function currentUser(cookie: string | null): Promise<User | null> {
  if (!cookie) return null;
  try {
    const res = await fetch(`${siteConfig.apiUrl}/api/user`, { headers: { cookie }, signal: AbortSignal.timeout(5000) });
    return res.ok ? ((await res.json()) as User) : null;
  } catch {
    return null;
  }
}

/**
 * The settings of pages rendered on demand when no build handed them over (a development server, or
 * a site server from before it did): the API's public GET /api/settings, once per process.
 */
let apiSettings: Promise<SiteSettings> | null = null;
function settingsFromApi(): Promise<SiteSettings> {
  apiSettings ??= fetch(`${siteConfig.apiUrl}/api/settings`, { signal: AbortSignal.timeout(5000) }).then((res) => {
    if (!res.ok) throw new Error(`The API answered ${res.status} for the site settings.`);
    return res.json() as Promise<SiteSettings>;
  });
  apiSettings.catch(() => (apiSettings = null));
  return apiSettings;
}

/**
 * Guards render on the server, so protected pages never flash: signed-out visitors go to
 * /auth?redirect=…, non-admins on admin pages to /, members below the tier to /membership.
 */
export const onRequest = defineMiddleware(async (ctx, next) => {
  // The settings the page shows (lib/site-settings.ts): a prerendered page's from the snapshot it is
  // built from; one rendered on demand, its build's, as the site server hands them over.
  if (ctx.isPrerendered) {
    useSiteSettings((await loadContent()).settings);
    return next();
  }
  useSiteSettings(ctx.locals.siteSettings ?? (await settingsFromApi()));
  const guard = guardFor(ctx.url.pathname);
  const user = await currentUser(ctx.request.headers.get('cookie'));
  ctx.locals.user = user;
  if (guard) {
    if (!user) {
      // Subscribing signed out: the sign-in page says why (spec 02 §2, "Authentication Required").
      const notice = ctx.url.pathname === '/subscribe' ? '&notice=subscribe' : '';
      return ctx.redirect(`/auth?redirect=${encodeURIComponent(ctx.url.pathname + ctx.url.search)}${notice}`, 302);
    }
    // The dashboard is staff's: moderators see its moderation tabs, admins all of it. Staff whose
    // session has not passed a second factor set one up (or confirm theirs) first (issue 52).
    if (guard.kind === 'admin' && awaitsSecondFactor(viewerOf(user))) return ctx.redirect(`${SECURITY_PATH}?staff=1&redirect=${encodeURIComponent(ctx.url.pathname + ctx.url.search)}`, 302);
    if (guard.kind === 'admin' && !can(viewerOf(user), 'moderate')) return ctx.redirect('/', 302);
    if (guard.kind === 'tier' && !can(viewerOf(user), 'read', { membershipRequired: guard.tier })) return ctx.redirect('/membership', 302);
  }
  const res = await next();
  res.headers.set('Cache-Control', 'private, no-store');
  return res;
});
