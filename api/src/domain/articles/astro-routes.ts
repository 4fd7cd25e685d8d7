import path from 'node:path';
import type { SiteFiles } from './importer.ts';
import { folder } from './site-files.ts';

/** What a route puts in its dynamic segment: the entry's `id`, its legacy `slug`, its front matter's `slug`, or code we cannot follow. */
export type RouteParam = 'id' | 'slug' | 'data.slug' | { code: string };

/**
 * A page route that renders one entry of a collection (docs.astro.build/en/guides/routing/):
 * `src/pages/blog/[...slug].astro` → before "/blog/", the param in its last segment. `collections`:
 * those its text reads (`getCollection('blog')`, `getEntry('blog', …)`); none when it names none.
 */
export type EntryRoute = { file: string; before: string; collections: string[]; param: RouteParam | undefined };

const ROUTE = /\.(astro|md|mdx|ts|js)$/;

/** How the route's `getStaticPaths` fills its param, read as text: `params: { slug: post.id }`. */
function paramOf(text: string, name: string): RouteParam | undefined {
  const params = /\bparams\s*:\s*\{([^}]*)\}/.exec(text)?.[1];
  if (params === undefined) return /Astro\.params/.test(text) && /\bgetEntry\s*\(/.test(text) ? 'id' : undefined;
  const value = new RegExp(`(?:^|[,{\\s])${name}\\s*(?::\\s*([^,}]+))?`).exec(params)?.[1]?.trim() ?? name;
  const plain = /^\w+\.(id|slug|data\.slug)$/.exec(value);
  if (plain) return plain[1] as RouteParam;
  // `params: { slug }` after `const slug = post.id`…
  const bound = new RegExp(`\\b(?:const|let)\\s+${name}\\s*=\\s*(\\w+\\.(?:id|slug|data\\.slug))\\s*[;\\n]`).exec(text)?.[1];
  if (value === name && bound) return /\.data\.slug$/.test(bound) ? 'data.slug' : (bound.split('.').pop() as RouteParam);
  return { code: value.slice(0, 80) };
}

/**
 * The routes of an Astro site that render one entry each: a page whose last segment is dynamic
 * (`[slug]`, `[...slug]`, `[slug]/index`) and which is not a list — no `paginate(`, and a param
 * taken from an entry (a tag page's `params: { tag }` is not). Route files are read as text, never run.
 */
export function entryRoutes(files: SiteFiles, dir: string): EntryRoute[] {
  const pages = folder('src/pages', dir);
  const routes: EntryRoute[] = [];
  for (const file of files.names) {
    if (!file.startsWith(pages) || !ROUTE.test(file)) continue;
    const rel = file.slice(pages.length).replace(ROUTE, '').replace(/(^|\/)index$/, '');
    const segments = rel.split('/');
    const last = /^\[(\.\.\.)?(\w+)\]$/.exec(segments.at(-1) ?? '');
    if (!last || segments.slice(0, -1).some((s) => s.includes('['))) continue;
    const text = files.text(file) ?? '';
    if (/\bpaginate\s*\(/.test(text)) continue;
    const collections = [...text.matchAll(/\b(?:getCollection|getEntry|getEntries)\s*\(\s*['"`](\w[\w-]*)['"`]/g)].map((m) => m[1]!);
    const param = text ? paramOf(text, last[2]!) : undefined;
    // A route whose text names a collection but takes its param from elsewhere lists something else (tags, categories).
    if (collections.length && typeof param === 'object' && !/\.(id|slug)\b/.test(param.code)) continue;
    routes.push({ file, before: segments.slice(0, -1).join('/'), collections, param });
  }
  return routes;
}

/** The collections a content config defines: each name (`collections = { blog, news: newsCollection }`) with its glob loader's base folder, if any. */
export function contentCollections(source: string, dir: string): { name: string; base?: string }[] {
  // A template literal naming a constant of the file (`./${BLOG_PATH}` with `const BLOG_PATH = "src/data/blog"`) reads as that string.
  const constant = (name: string) => new RegExp(`\\bconst\\s+${name}\\s*=\\s*(['"])([^'"]*)\\1`).exec(source)?.[2];
  const text = source.replace(/`([^`]*\$\{[^`]*)`/g, (whole, inner: string) => `'${inner.replace(/\$\{\s*(\w+)\s*\}/g, (ref, name: string) => constant(name) ?? ref)}'`);
  const defined = new Map<string, string | undefined>();
  for (const m of text.matchAll(/\b(?:const|let)\s+(\w+)\s*=\s*defineCollection\s*\(/g)) {
    const next = text.slice(m.index + m[0].length).search(/\bdefineCollection\s*\(/);
    const body = text.slice(m.index, next === -1 ? undefined : m.index + m[0].length + next);
    const base = /\bbase\s*:\s*(?:new URL\(\s*)?['"`]([^'"`]+)['"`]/.exec(body)?.[1];
    defined.set(m[1]!, base === undefined ? undefined : folder(base, dir));
  }
  const exported = /\bcollections\s*=\s*\{([^}]*)\}/.exec(text)?.[1];
  if (!exported) return [...defined].map(([name, base]) => ({ name, base }));
  return exported
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)
    .map((e) => {
      const [key, value] = e.split(':').map((s) => s.trim().replace(/^['"]|['"]$/g, ''));
      const inline = /\bbase\s*:\s*['"`]([^'"`]+)['"`]/.exec(e)?.[1];
      return { name: key!, base: inline ? folder(inline, dir) : defined.get(value ?? key!) };
    });
}

/** github-slugger, as Astro makes an entry's id from its file's path: lower case, punctuation dropped, spaces to hyphens. */
export const githubSlug = (segment: string) =>
  segment
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');

/** An entry's path below its collection as Astro's ids and slugs have it: "Hello World/index.md" → "hello-world". */
export const entrySlug = (rel: string) =>
  rel
    .replace(/\.\w+$/, '')
    .split('/')
    .map(githubSlug)
    .join('/')
    .replace(/\/index$/, '');

/** Whether the site's Astro keeps Astro 4's collections, where an entry's `id` is its file's path with the extension. */
export function legacyIds(files: SiteFiles, config: string, dir: string): boolean {
  if (/\blegacy\s*:\s*\{[^}]*\bcollections(BackwardsCompat)?\s*:\s*true/.test(config)) return true;
  const version = /"astro"\s*:\s*"[~^>=\s]*(\d+)/.exec(files.text(`${dir}package.json`) ?? '')?.[1];
  return version !== undefined && Number(version) < 5;
}

export const routeName = (r: EntryRoute) => path.posix.basename(r.before);
