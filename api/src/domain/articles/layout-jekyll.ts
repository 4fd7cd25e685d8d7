import path from 'node:path';
import yaml from 'js-yaml';
import { slugify } from './article-candidate.ts';
import type { ArticleFacts, SiteFiles } from './importer.ts';
import { folder, shallowest, siteAddress, type SiteReader } from './site-files.ts';

type JekyllConfig = { source?: unknown; collections_dir?: unknown; permalink?: unknown; url?: unknown; baseurl?: unknown };

/** Jekyll's named permalink styles (jekyllrb.com/docs/permalinks/#built-in-formats). */
const STYLES: Record<string, string> = {
  date: '/:categories/:year/:month/:day/:title:output_ext',
  pretty: '/:categories/:year/:month/:day/:title/',
  ordinal: '/:categories/:year/:y_day/:title:output_ext',
  weekdate: '/:categories/:year/W:week/:short_day/:title:output_ext',
  none: '/:categories/:title:output_ext',
};

const CONFIG = /^_config\.(ya?ml|toml)$/;

function readConfig(files: SiteFiles): { dir: string; config: JekyllConfig } {
  const found = shallowest(files.names, (base) => CONFIG.test(base));
  if (!found) return { dir: '', config: {} };
  try {
    const data = yaml.load(files.text(found.name) ?? '', { schema: yaml.CORE_SCHEMA });
    return { dir: found.dir, config: data && typeof data === 'object' ? (data as JekyllConfig) : {} };
  } catch {
    return { dir: found.dir, config: {} };
  }
}

/** The folders of a post's path before `_posts`/`_drafts`, which Jekyll makes its categories. */
function segmentsBefore(name: string, source: string): string[] {
  const parts = name.slice(name.startsWith(source) ? source.length : 0).split('/');
  const at = parts.findIndex((p) => p === '_posts' || p === '_drafts');
  return at > 0 ? parts.slice(0, at) : [];
}

/** A permalink pattern filled in for one post, as Jekyll does (placeholders it has no value for are left out). */
function fill(pattern: string, f: ArticleFacts, titleSlug: string): string {
  const d = f.publishDate ? new Date(f.publishDate) : undefined;
  const two = (n: number) => String(n).padStart(2, '0');
  const values: Record<string, string> = {
    year: d ? String(d.getUTCFullYear()) : '',
    short_year: d ? two(d.getUTCFullYear() % 100) : '',
    month: d ? two(d.getUTCMonth() + 1) : '',
    i_month: d ? String(d.getUTCMonth() + 1) : '',
    day: d ? two(d.getUTCDate()) : '',
    i_day: d ? String(d.getUTCDate()) : '',
    hour: d ? two(d.getUTCHours()) : '',
    minute: d ? two(d.getUTCMinutes()) : '',
    second: d ? two(d.getUTCSeconds()) : '',
    title: titleSlug,
    slug: typeof f.frontMatter.slug === 'string' ? slugify(f.frontMatter.slug) : titleSlug,
    name: titleSlug,
    categories: f.categories.map((c) => c.toLowerCase().replace(/\s+/g, '-')).join('/'),
    slugified_categories: f.categories.map(slugify).join('/'),
    output_ext: '.html',
  };
  return pattern.replace(/:([a-z_]+)/g, (whole, key: string) => values[key] ?? whole).replace(/\/{2,}/g, '/');
}

/**
 * Jekyll (jekyllrb.com/docs): `_config.yml` anywhere (the shallowest), its `source:` folder,
 * posts in every `_posts` folder and drafts in every `_drafts` folder under it (the folders above
 * one are the post's categories), and the permalink style or pattern from the configuration or
 * the post's `permalink`. Other pages and collections are not posts.
 */
export const jekyllSite: SiteReader = {
  id: 'jekyll',
  configuration: /(^|\/)(_config\.(ya?ml|toml)|Gemfile(\.lock)?)$/,
  detect: (files) => files.names.some((n) => CONFIG.test(n) || n.split('/').slice(0, -1).includes('_posts')),
  rules(files) {
    const { dir, config } = readConfig(files);
    const source = folder(typeof config.source === 'string' ? config.source : '.', dir);
    const site = siteAddress(config.url);
    const base = (typeof config.baseurl === 'string' ? config.baseurl : site.base).replace(/\/+$/, '');
    const style = typeof config.permalink === 'string' ? config.permalink : 'date';
    return {
      site: site.origin,
      webRoots: [source],
      notAPost(name) {
        const folders = name.split('/').slice(0, -1);
        if (folders.includes('_posts') || folders.includes('_drafts')) return null;
        const collection = folders.find((f) => f.startsWith('_'));
        if (collection) return `in Jekyll’s ${collection} folder, not a post (posts are in _posts and _drafts)`;
        return 'a page of the Jekyll site, not a post (posts are in _posts and _drafts)';
      },
      pathCategories: (name) => segmentsBefore(name, source),
      addresses(f) {
        if (f.file.split('/').includes('_drafts')) return [];
        const own = f.frontMatter.permalink;
        const pattern = typeof own === 'string' && own.trim() ? own.trim() : (STYLES[style] ?? style);
        const fileSlug = path.posix.basename(f.file, path.posix.extname(f.file)).replace(/^\d{4}-\d{1,2}-\d{1,2}-/, '');
        return [base + fill(pattern.startsWith('/') ? pattern : `/${pattern}`, f, fileSlug)];
      },
    };
  },
};
