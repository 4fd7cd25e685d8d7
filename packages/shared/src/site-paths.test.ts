import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isSiteOwnPath, SITE_PUBLIC_PATHS, SITE_ROUTES } from './site-paths.ts';

const site = fileURLToPath(new URL('../../../site/', import.meta.url));

/** Every file under `dir`, relative to it, with forward slashes. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** A page file's route as Astro makes it: `articles/[id].astro` → `/articles/[id]`, `index` → its folder, `rss.xml.ts` → `/rss.xml`. */
const routeOf = (file: string) => `/${file.replace(/\.(astro|md|mdx|ts|js)$/, '').replace(/(^|\/)index$/, '')}`.replace(/(.)\/$/, '$1');

describe('the site’s own paths', () => {
  it('are exactly the routes of site/src/pages (a new page needs its entry, or an old address could take it over)', () => {
    const pages = files(path.join(site, 'src/pages')).filter((f) => !f.split('/').some((part) => part.startsWith('_')));
    expect([...new Set(pages.map(routeOf))].sort()).toEqual([...SITE_ROUTES].sort());
  });

  it('cover every file of site/public', () => {
    const top = [...new Set(files(path.join(site, 'public')).map((f) => (f.includes('/') ? `/${f.split('/')[0]}/*` : `/${f}`)))];
    expect(top.sort()).toEqual([...SITE_PUBLIC_PATHS].sort());
  });

  it('match a route’s dynamic segment and a folder’s contents, never a longer or a neighbouring path', () => {
    for (const own of ['/', '/auth', '/articles/12', '/members/ada', '/ai-presenters/a/b.png', '/_astro/x.js', '/api', '/api/articles', '/media/a.png']) expect(isSiteOwnPath(own), own).toBe(true);
    for (const other of ['/authx', '/articles/12/comments', '/members', '/ai-presenters', '/apis', '/media', '/2019/01/01/auth']) expect(isSiteOwnPath(other), other).toBe(false);
  });
});
