/**
 * The paths this site answers itself, and those the edges send to other services — what an
 * imported article's old address may never be (DESIGN §7.22, issue 47 #5). One list, held to the
 * site's pages folder, its public folder and the edge table by site-paths.test.ts, so a page added
 * without its entry fails there instead of letting an old address take it over.
 */

/** The site's routes as Astro names them from site/src/pages: `[x]` is one path segment. */
export const SITE_ROUTES = [
  '/',
  '/404',
  '/410',
  '/about',
  '/admin',
  '/admin/dashboard',
  '/ai-assistant',
  '/articles',
  '/articles/[id]',
  '/articles/category/[category]',
  '/auth',
  '/cart',
  '/chat',
  '/checkout',
  '/community',
  '/favorites',
  '/fun-and-games',
  '/fun-and-games/backyard',
  '/fun-and-games/backyard/[slug]',
  '/members/[username]',
  '/membership',
  '/notifications',
  '/old-addresses.json',
  '/orders/[id]',
  '/policies',
  '/preview/articles/[id]',
  '/profile',
  '/profile/security',
  '/robots.txt',
  '/rss.xml',
  '/search',
  '/self-help-studies',
  '/site-settings.json',
  '/sitemap',
  '/sitemap.xml',
  '/store',
  '/store/[id]',
  '/subscribe',
  '/subscribe-success',
  '/unsubscribe',
  '/videos',
  '/videos/[id]',
  '/watch-later',
] as const;

/** The site's public files (site/public), each file or folder at the root. */
export const SITE_PUBLIC_PATHS = ['/ai-presenters/*', '/favicon.svg', '/placeholder.svg', '/preview-reload.js', '/video-locked.svg'] as const;

/** What Astro itself serves in a build: its bundles, its image endpoint and server islands. */
export const ASTRO_PATHS = ['/_astro/*', '/_image', '/_server-islands/*'] as const;

/**
 * Paths the edges (packages/front-door/src/edge-table.mjs, deploy/Caddyfile) send to the API, the
 * CMS or the media store, never to the site, in Caddy's matcher form (`/a/*`: below `/a`).
 */
export const EDGE_PATHS = ['/api', '/api/*', '/ws', '/ws/*', '/cms', '/cms/*', '/_next/*', '/media/*'] as const;

const matcherOf = (pattern: string): RegExp => {
  const escaped = pattern
    .split('/')
    .map((segment) => (segment === '*' ? '.*' : /^\[[^\]]+\]$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}$`);
};
const MATCHERS = [...SITE_ROUTES, ...SITE_PUBLIC_PATHS, ...ASTRO_PATHS, ...EDGE_PATHS].map(matcherOf);

/** Whether a path (lower-case, no query, no trailing slash) is one this site or its edges answer themselves. */
export function isSiteOwnPath(path: string): boolean {
  return MATCHERS.some((m) => m.test(path));
}
