import path from 'node:path';
import { slugify } from './article-candidate.ts';
import { folder, shallowest, siteAddress, type SiteReader } from './site-files.ts';

const CONFIG = /^astro\.config\.\w+$/;
const CONTENT_CONFIG = /(^|\/)src\/(content\.config|content\/config)\.\w+$/;

/**
 * Astro (docs.astro.build/en/guides/content-collections/): entries of the content collections
 * are the posts — where the content config's `glob()` loaders say (`base: "./src/data/post"`),
 * else every folder of `src/content/` (the legacy collections), and `src/data/` when no config
 * says. Pages under `src/pages/` are not posts. The config is read as text, never run. An entry's
 * address is the page route that lists its collection (`src/pages/blog/[...slug].astro` →
 * `/blog/<slug>/`), else `/<collection>/<slug>/`.
 */
export const astroSite: SiteReader = {
  id: 'astro',
  configuration: /(^|\/)(astro\.config\.\w+|content\.config\.\w+|src\/content\/config\.\w+|package(-lock)?\.json)$/,
  detect: (files) => files.names.some((n) => CONFIG.test(path.posix.basename(n)) || CONTENT_CONFIG.test(n) || n.startsWith('src/content/')),
  rules(files) {
    const config = shallowest(files.names, (base) => CONFIG.test(base));
    const dir = config?.dir ?? '';
    const site = siteAddress(/\bsite\s*:\s*['"`]([^'"`]+)['"`]/.exec(config ? (files.text(config.name) ?? '') : '')?.[1]);
    const base = (/\bbase\s*:\s*['"`]([^'"`]+)['"`]/.exec(config ? (files.text(config.name) ?? '') : '')?.[1] ?? site.base).replace(/\/+$/, '');
    const contentConfig = files.names.find((n) => CONTENT_CONFIG.test(n) && n.startsWith(dir));
    const bases = [...(contentConfig ? (files.text(contentConfig) ?? '') : '').matchAll(/\bbase\s*:\s*(?:new URL\(\s*)?['"`]([^'"`]+)['"`]/g)].map((m) => folder(m[1]!, dir));
    const collections = bases.length ? bases : [folder('src/content', dir), ...(contentConfig ? [] : [folder('src/data', dir)])];
    // Routes that render one entry: src/pages/<prefix>/[slug].astro, [...slug].astro, [id]…
    const routes = files.names
      .filter((n) => n.startsWith(folder('src/pages', dir)) && /\/\[(\.\.\.)?\w+\](\/index)?\.(astro|md|mdx|ts|js)$/.test(n))
      .map((n) => {
        const rel = n.slice(folder('src/pages', dir).length).replace(/(\/index)?\.\w+$/, '');
        return path.posix.dirname(rel) === '.' ? '' : path.posix.dirname(rel).split('/').filter((s) => !s.startsWith('[')).join('/');
      });

    const collectionOf = (name: string) => collections.filter((c) => name.startsWith(c)).sort((a, b) => b.length - a.length)[0];
    return {
      site: site.origin,
      webRoots: [folder('public', dir)],
      notAPost: (name) => (collectionOf(name) !== undefined ? null : 'a page of the Astro site, not an entry of a content collection'),
      addresses(f) {
        const collection = collectionOf(f.file);
        if (collection === undefined) return [];
        const rel = f.file.slice(collection.length);
        // Legacy collections are the folders of src/content; a glob loader's base is one collection.
        const legacy = !bases.length && rel.includes('/');
        const name = legacy ? rel.split('/')[0]! : path.posix.basename(collection);
        const entry = legacy ? rel.slice(name.length + 1) : rel;
        const id = entry.replace(/(\/index)?\.\w+$/, '').split('/').map(slugify).join('/');
        const slug = typeof f.frontMatter.slug === 'string' && f.frontMatter.slug ? f.frontMatter.slug.replace(/^\/+|\/+$/g, '') : id;
        const prefix = routes.find((r) => path.posix.basename(r) === name) ?? routes.find((r) => r !== '') ?? routes[0] ?? name;
        return [`${base}/${prefix ? `${prefix}/` : ''}${slug}/`.replace(/\/{2,}/g, '/')];
      },
    };
  },
};
