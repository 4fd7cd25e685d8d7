import path from 'node:path';
import yaml from 'js-yaml';
import type { ArticleFacts, SiteFiles } from './importer.ts';
import { folder, shallowest, siteAddress, unreadAddress, writtenDate, type SiteReader } from './site-files.ts';

type Config = Record<string, unknown>;
/** One front matter default (jekyllrb.com/docs/configuration/front-matter-defaults/): where it applies, and its permalink. */
type Default = { path: string; type: string | undefined; permalink: string; order: number };

/** Jekyll's named permalink styles (jekyllrb.com/docs/permalinks/#built-in-formats). */
const STYLES: Record<string, string> = {
  date: '/:categories/:year/:month/:day/:title:output_ext',
  pretty: '/:categories/:year/:month/:day/:title/',
  ordinal: '/:categories/:year/:y_day/:title:output_ext',
  weekdate: '/:categories/:year/W:week/:short_day/:title:output_ext',
  none: '/:categories/:title:output_ext',
};

const CONFIG = /^_config\.(ya?ml|toml)$/;
const table = (v: unknown): Config => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Config) : {});

function readConfig(files: SiteFiles): { dir: string; config: Config } {
  const found = shallowest(files.names, (base) => CONFIG.test(base));
  if (!found) return { dir: '', config: {} };
  try {
    return { dir: found.dir, config: table(yaml.load(files.text(found.name) ?? '', { schema: yaml.CORE_SCHEMA })) };
  } catch {
    return { dir: found.dir, config: {} };
  }
}

/** The `defaults:` that give posts a permalink, in the order Jekyll applies them (the last one wins). */
function permalinkDefaults(config: Config): Default[] {
  const list = Array.isArray(config.defaults) ? config.defaults : [];
  return list
    .flatMap((d, order): Default[] => {
      const scope = table(table(d).scope);
      const permalink = table(table(d).values).permalink;
      return typeof permalink === 'string' ? [{ path: typeof scope.path === 'string' ? scope.path.replace(/^\.?\/+|\/+$/g, '') : '', type: typeof scope.type === 'string' ? scope.type : undefined, permalink, order }] : [];
    })
    // A longer path is more specific, then a scope with a type; otherwise the later one wins.
    .sort((a, b) => a.path.length - b.path.length || Number(a.type !== undefined) - Number(b.type !== undefined) || a.order - b.order);
}

/** Whether a default's scope holds a post at `rel` (its path below the source; a scope's path may hold `*`). */
function inScope(d: Default, rel: string, draft: boolean): boolean {
  if (d.type !== undefined && d.type !== 'posts' && !(draft && d.type === 'drafts')) return false;
  if (!d.path) return true;
  if (d.path.includes('*')) return new RegExp(`^${d.path.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}(/|$)`).test(rel);
  return rel === d.path || rel.startsWith(`${d.path}/`);
}

/** The folders of a post's path before `_posts`/`_drafts`, which Jekyll makes its categories. */
function segmentsBefore(name: string, source: string): string[] {
  const parts = name.slice(name.startsWith(source) ? source.length : 0).split('/');
  const at = parts.findIndex((p) => p === '_posts' || p === '_drafts');
  return at > 0 ? parts.slice(0, at) : [];
}

/** Jekyll's `Utils.slugify`: "default" puts a hyphen for every run of what is not a letter or digit and lowers the case; "pretty" keeps more, and the case. */
const slugify = (text: string, mode: 'default' | 'pretty') => {
  const out = text.replace(mode === 'pretty' ? /[^\p{L}\p{N}._~!$&'()+,;=@]+/gu : /[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
  return mode === 'pretty' ? out : out.toLowerCase();
};

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** ISO 8601 week-numbering year, week and weekday (Ruby's %G, %V, %u). */
function isoWeek(d: Date): { year: number; week: number; day: number } {
  const day = d.getUTCDay() || 7;
  const thursday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 4 - day));
  const jan1 = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return { year: thursday.getUTCFullYear(), week: Math.ceil(((thursday.getTime() - jan1) / 86_400_000 + 1) / 7), day };
}

/** Every placeholder of a post's URL (jekyllrb.com/docs/permalinks/#placeholders), as Jekyll's URL drop fills them. */
function placeholders(f: ArticleFacts): Record<string, string> {
  const d = writtenDate(f);
  const two = (n: number) => String(n).padStart(2, '0');
  const base = path.posix.basename(f.file, path.posix.extname(f.file));
  const own = typeof f.frontMatter.slug === 'string' && f.frontMatter.slug.trim() ? f.frontMatter.slug : base.replace(/^\d{4}-\d{1,2}-\d{1,2}-/, '');
  const week = d ? isoWeek(d) : undefined;
  const dated: Record<string, string> = d
    ? {
        year: String(d.getUTCFullYear()),
        short_year: two(d.getUTCFullYear() % 100),
        month: two(d.getUTCMonth() + 1),
        i_month: String(d.getUTCMonth() + 1),
        short_month: MONTHS[d.getUTCMonth()]!.slice(0, 3),
        long_month: MONTHS[d.getUTCMonth()]!,
        day: two(d.getUTCDate()),
        i_day: String(d.getUTCDate()),
        y_day: String(Math.floor((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1).padStart(3, '0'),
        short_day: DAYS[d.getUTCDay()]!.slice(0, 3),
        long_day: DAYS[d.getUTCDay()]!,
        w_year: String(week!.year),
        week: two(week!.week),
        w_day: String(week!.day),
        hour: two(d.getUTCHours()),
        minute: two(d.getUTCMinutes()),
        second: two(d.getUTCSeconds()),
      }
    : {};
  const categories = [...new Set(f.categories.map((c) => c.toLowerCase()))];
  return {
    ...dated,
    title: slugify(own, 'pretty'),
    slug: slugify(own, 'default'),
    name: slugify(base, 'default'),
    collection: 'posts',
    categories: categories.map(encodeURIComponent).join('/'),
    slugified_categories: categories.map((c) => slugify(c, 'default')).join('/'),
    output_ext: /^\.(md|markdown|mkd|mkdn|mdown|html?)$/i.test(path.posix.extname(f.file)) ? '.html' : path.posix.extname(f.file),
  };
}

/**
 * Jekyll (jekyllrb.com/docs): `_config.yml` anywhere (the shallowest), its `source:` folder,
 * posts in every `_posts` folder and drafts in every `_drafts` folder under it (the folders above
 * one are the post's categories). A post's address is its own `permalink`, else the last front
 * matter default whose scope (`path`, `type: posts`) holds it, else the posts collection's, else
 * the site's permalink style or pattern, filled with every placeholder Jekyll has. Other pages and
 * collections are not posts.
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
    const collection = table(table(config.collections).posts).permalink;
    const sitePattern = typeof collection === 'string' ? (STYLES[collection] ?? collection) : (STYLES[style] ?? style);
    const defaults = permalinkDefaults(config);
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
      addresses(f, warn) {
        const draft = f.file.split('/').includes('_drafts');
        if (draft) return [];
        const own = f.frontMatter.permalink;
        const rel = f.file.startsWith(source) ? f.file.slice(source.length) : f.file;
        const scoped = defaults.filter((d) => inScope(d, rel, draft)).at(-1)?.permalink;
        const pattern = (typeof own === 'string' && own.trim() ? own.trim() : (scoped ?? sitePattern)).replace(/^(?!\/)/, '/');
        if (/\{[{%]/.test(pattern)) {
          warn(unreadAddress(base + pattern, `the permalink ${pattern} is a Liquid template`));
          return [];
        }
        const values = placeholders(f);
        const unknown: string[] = [];
        const filled = pattern.replace(/:([a-z_]+)/g, (whole, key: string) => values[key] ?? (unknown.push(whole), whole)).replace(/\/{2,}/g, '/');
        if (unknown.length) {
          warn(unreadAddress(base + filled, `the permalink ${pattern} has ${unknown.join(', ')}, which the importer cannot fill in`));
          return [];
        }
        return [base + filled];
      },
    };
  },
};
