import path from 'node:path';
import { contentCollections, entryRoutes, entrySlug, legacyIds, routeName, type EntryRoute } from './astro-routes.ts';
import type { ArticleFacts } from './importer.ts';
import { folder, shallowest, siteAddress, unreadAddress, type SiteReader } from './site-files.ts';

const CONFIG = /^astro\.config\.\w+$/;
const CONTENT_CONFIG = /(^|\/)src\/(content\.config|content\/config)\.\w+$/;

/** A collection: its name, the folder of its entries, and whether it is one of Astro 4's (no loader: ids are file paths). */
type Collection = { name: string; folder: string; legacy: boolean };

/**
 * Astro (docs.astro.build/en/guides/content-collections/): entries of the content collections
 * are the posts — where the content config's `glob()` loaders say (`base: "./src/data/post"`),
 * else every folder of `src/content/` (the legacy collections), and `src/data/` when no config
 * says. Pages under `src/pages/` are not posts. An entry's address is the page route that renders
 * its collection (`src/pages/blog/[...slug].astro` with `getCollection('blog')` and
 * `params: { slug: post.id }` → `/blog/<id>/`), below the config's `base`; pagination and tag
 * routes are not entry routes. Configs and routes are read as text, never run.
 */
export const astroSite: SiteReader = {
  id: 'astro',
  // Its dynamic page routes too (`src/pages/blog/[...slug].astro`), to read which collection each renders.
  configuration: /(^|\/)(astro\.config\.\w+|content\.config\.\w+|src\/content\/config\.\w+|package(-lock)?\.json|src\/pages\/[^.]*\[[^/]*\][^.]*\.(astro|ts|js))$/,
  detect: (files) => files.names.some((n) => CONFIG.test(path.posix.basename(n)) || CONTENT_CONFIG.test(n) || n.startsWith('src/content/')),
  rules(files) {
    const config = shallowest(files.names, (base) => CONFIG.test(base));
    const dir = config?.dir ?? '';
    const configText = config ? (files.text(config.name) ?? '') : '';
    const site = siteAddress(/\bsite\s*:\s*['"`]([^'"`]+)['"`]/.exec(configText)?.[1]);
    const base = (/\bbase\s*:\s*['"`]([^'"`]+)['"`]/.exec(configText)?.[1] ?? site.base).replace(/\/+$/, '').replace(/^(?=[^/])/, '/');
    const contentConfig = files.names.find((n) => CONTENT_CONFIG.test(n) && n.startsWith(dir));
    const defined = contentCollections(contentConfig ? (files.text(contentConfig) ?? '') : '', dir);
    const legacy = legacyIds(files, configText, dir);
    const legacyFolder = folder('src/content', dir);
    const collections: Collection[] = defined.length
      ? defined.map((c) => ({ name: c.name, folder: c.base ?? `${legacyFolder}${c.name}/`, legacy: c.base === undefined && legacy }))
      : [...new Set(files.names.filter((n) => n.startsWith(legacyFolder) && n.slice(legacyFolder.length).includes('/')).map((n) => n.slice(legacyFolder.length).split('/')[0]!))]
          .map((name) => ({ name, folder: `${legacyFolder}${name}/`, legacy }))
          .concat(contentConfig ? [] : [{ name: 'data', folder: folder('src/data', dir), legacy: false }]);
    const routes = entryRoutes(files, dir);

    const collectionOf = (name: string) => collections.filter((c) => name.startsWith(c.folder)).sort((a, b) => b.folder.length - a.folder.length)[0];
    /** The routes that render a collection: those whose text names it, else (a route we cannot read) the one named like it, else the first. */
    const routesOf = (c: Collection): EntryRoute[] => {
      const naming = routes.filter((r) => r.collections.includes(c.name));
      if (naming.length) return naming;
      const unread = routes.filter((r) => r.collections.length === 0);
      const named = unread.filter((r) => routeName(r) === c.name);
      const fallback = unread.find((r) => r.before !== '') ?? unread[0];
      return named.length ? named : fallback ? [fallback] : [];
    };

    function address(c: Collection, route: EntryRoute | undefined, f: ArticleFacts, warn: (m: string) => void): string | undefined {
      const rel = f.file.slice(c.folder.length);
      const own = typeof f.frontMatter.slug === 'string' && f.frontMatter.slug.trim() ? f.frontMatter.slug.trim().replace(/^\/+|\/+$/g, '') : undefined;
      const slug = own ?? entrySlug(rel);
      const values: Record<'id' | 'slug' | 'data.slug', string | undefined> = { id: c.legacy ? rel : slug, slug, 'data.slug': own };
      const at = (param: string) => `${base}/${route?.before ? `${route.before}/` : ''}${param}/`.replace(/\/{2,}/g, '/');
      const param = route?.param ?? 'id';
      if (typeof param === 'object') {
        warn(unreadAddress(at(slug), `the route ${route!.file} makes its address with ${param.code}; the importer assumed the entry’s id`));
        return at(slug);
      }
      const value = values[param];
      if (value === undefined) {
        warn(unreadAddress(at(`<${param}>`), `the route ${route!.file} takes the entry’s ${param}, which ${f.file} does not set`));
        return undefined;
      }
      return at(value);
    }

    return {
      site: site.origin,
      webRoots: [folder('public', dir)],
      notAPost: (name) => (collectionOf(name) !== undefined ? null : 'a page of the Astro site, not an entry of a content collection'),
      addresses(f, warn) {
        const c = collectionOf(f.file);
        if (c === undefined) return [];
        const found = routesOf(c);
        if (!found.length) {
          const guess = address(c, { file: '', before: c.name, collections: [], param: 'slug' }, f, () => {})!;
          // An archive without its page routes (only src/content zipped) cannot say otherwise: the collection's name is the folder it was served from.
          if (!routes.length) return [guess];
          warn(unreadAddress(guess, `no page route of the Astro site renders the collection “${c.name}”; the importer assumed /${c.name}/<id>/`));
          return [guess];
        }
        return found.map((r) => address(c, r, f, warn)).filter((a): a is string => a !== undefined);
      },
    };
  },
};
