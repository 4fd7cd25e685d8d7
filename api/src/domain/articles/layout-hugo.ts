import path from 'node:path';
import yaml from 'js-yaml';
import { parse as parseToml } from 'smol-toml';
import type { ArticleFacts, SiteFiles } from './importer.ts';
import { folder, shallowest, siteAddress, unreadAddress, writtenDate, type SiteReader } from './site-files.ts';

type Config = Record<string, unknown>;

const CONFIG = /^(hugo|config)\.(toml|ya?ml|json)$/;
const HUGO_FOLDERS = new Set(['layouts', 'themes', 'archetypes', 'static', 'assets', 'resources', 'public', 'data', 'i18n']);

function parseConfig(name: string, text: string): Config {
  try {
    const ext = path.posix.extname(name);
    const data = ext === '.toml' ? parseToml(text) : ext === '.json' ? JSON.parse(text) : yaml.load(text, { schema: yaml.CORE_SCHEMA });
    return data && typeof data === 'object' ? (data as Config) : {};
  } catch {
    return {};
  }
}

/** Hugo's keys are case-insensitive (`baseURL`, `baseurl`). */
const key = (config: Config, name: string): unknown => Object.entries(config).find(([k]) => k.toLowerCase() === name)?.[1];
const table = (v: unknown): Config => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Config) : {});

/** The site's configuration: `hugo.toml` (or `config.*`) at the site's folder, or `config/_default/`. */
function readConfig(files: SiteFiles): { dir: string; config: Config } {
  const top = shallowest(files.names, (base, name) => CONFIG.test(base) && !name.includes('/config/_default/') && !name.startsWith('config/_default/'));
  const split = shallowest(files.names, (base, name) => CONFIG.test(base) && /(^|\/)config\/_default\/[^/]+$/.test(name));
  if (top && (!split || top.name.split('/').length <= split.name.split('/').length - 2)) return { dir: top.dir, config: parseConfig(top.name, files.text(top.name) ?? '') };
  if (!split) return { dir: '', config: {} };
  const dir = split.dir.replace(/config\/_default\/$/, '');
  // Split configuration: hugo.toml plus one file per top-level key (languages.toml, permalinks.toml).
  const config: Config = {};
  for (const n of files.names.filter((n) => n.startsWith(split.dir) && /\.(toml|ya?ml|json)$/.test(n))) {
    const base = path.posix.basename(n, path.posix.extname(n));
    const data = parseConfig(n, files.text(n) ?? '');
    if (CONFIG.test(path.posix.basename(n))) Object.assign(config, data);
    else config[base] = data;
  }
  return { dir, config };
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Hugo's `urlize`: lower case, a hyphen for spaces, letters of every script kept and punctuation dropped. */
const urlize = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_.-]+/gu, '')
    .replace(/\s+/g, '-');

/**
 * A Hugo permalink pattern filled in (gohugo.io/content-management/urls/#tokens), the date's
 * tokens from the date as written; the tokens it cannot fill come back in `unknown`.
 */
function fill(pattern: string, f: ArticleFacts, sections: string[], fileName: string): { path: string; unknown: string[] } {
  const d = writtenDate(f);
  const two = (n: number) => String(n).padStart(2, '0');
  const slug = typeof f.frontMatter.slug === 'string' && f.frontMatter.slug ? urlize(f.frontMatter.slug) : '';
  const title = urlize(f.title);
  const dated: Record<string, string> = d
    ? {
        year: String(d.getUTCFullYear()),
        month: two(d.getUTCMonth() + 1),
        monthname: MONTHS[d.getUTCMonth()]!.toLowerCase(),
        day: two(d.getUTCDate()),
        weekday: String(d.getUTCDay()),
        weekdayname: DAYS[d.getUTCDay()]!.toLowerCase(),
        yearday: String(Math.floor((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1),
        // Go's reference-time layouts, the ones a permalink uses.
        '2006': String(d.getUTCFullYear()),
        '06': two(d.getUTCFullYear() % 100),
        '01': two(d.getUTCMonth() + 1),
        '1': String(d.getUTCMonth() + 1),
        '02': two(d.getUTCDate()),
        '2': String(d.getUTCDate()),
        Jan: MONTHS[d.getUTCMonth()]!.slice(0, 3),
        January: MONTHS[d.getUTCMonth()]!,
        Mon: DAYS[d.getUTCDay()]!.slice(0, 3),
        Monday: DAYS[d.getUTCDay()]!,
      }
    : {};
  const values: Record<string, string> = {
    ...dated,
    section: sections[0] ?? '',
    sections: sections.join('/'),
    title,
    slug: slug || title,
    filename: fileName,
    slugorfilename: slug || fileName,
    contentbasename: fileName,
    slugorcontentbasename: slug || fileName,
  };
  const unknown: string[] = [];
  const filled = pattern.replace(/:sections\[([^\]]*)\]|:([A-Za-z]+|\d+)/g, (whole, slice: string | undefined, token: string | undefined) => {
    if (slice !== undefined) {
      // `:sections[last]`, `:sections[1]`, `:sections[1:]`, `:sections[:last]`…
      const at = (v: string, fallback: number) => (v === '' ? fallback : v === 'last' ? sections.length - 1 : Number(v));
      const [from, to] = slice.split(':');
      if (to === undefined) return sections[at(from!, 0)] ?? '';
      return sections.slice(at(from!, 0), to === 'last' ? sections.length - 1 : at(to, sections.length)).join('/');
    }
    const value = values[token!];
    if (value === undefined) unknown.push(whole);
    return value ?? whole;
  });
  return { path: filled.replace(/\/{2,}/g, '/'), unknown };
}

/**
 * Hugo (gohugo.io/content-management): `hugo.toml`/`config.*` (TOML, YAML or JSON) or
 * `config/_default/`, posts in the content folder's sections (page bundles' `index.md` with their
 * pictures beside them), `_index.md` section lists and the home section's pages (about, search)
 * skipped, drafts and headless bundles too. A multilingual site's translations (a language's own
 * content folder, or `post.fr.md` beside `post.md`) of an article in the default language are
 * skipped with a note: the content model has one language (docs/decisions.md).
 */
export const hugoSite: SiteReader = {
  id: 'hugo',
  configuration: /(^|\/)((hugo|config)\.(toml|ya?ml|json)|config\/_default\/[\w.-]+\.(toml|ya?ml|json))$/,
  detect: (files) =>
    files.names.some((n) => /(^|\/)config\/_default\/(hugo|config)\.\w+$/.test(n)) ||
    (files.names.some((n) => CONFIG.test(path.posix.basename(n))) && files.names.some((n) => /(^|\/)(content|archetypes)\//.test(n))),
  rules(files) {
    const { dir, config } = readConfig(files);
    const site = siteAddress(key(config, 'baseurl'));
    const defaultLanguage = String(key(config, 'defaultcontentlanguage') ?? 'en').toLowerCase();
    const languages = table(key(config, 'languages'));
    const codes = new Set(Object.keys(languages).map((c) => c.toLowerCase()));
    const mainContent = folder(String(key(config, 'contentdir') ?? 'content'), dir);
    // Each language's own content folder, if it has one (languages.fr.contentDir).
    const contentDirs = new Map<string, string>([[mainContent, defaultLanguage]]);
    for (const [code, settings] of Object.entries(languages)) {
      const own = key(table(settings), 'contentdir');
      if (typeof own === 'string') contentDirs.set(folder(own, dir), code.toLowerCase());
    }
    const permalinks = table(key(config, 'permalinks'));
    const pagePermalinks = { ...permalinks, ...table(permalinks.page) };

    /** Where a file is: its content folder, language, sections and the key its translations share. */
    function place(name: string) {
      const contentDir = [...contentDirs.keys()].filter((d) => name.startsWith(d)).sort((a, b) => b.length - a.length)[0];
      if (contentDir === undefined) return null;
      const rel = name.slice(contentDir.length);
      const ext = path.posix.extname(rel);
      const suffix = /\.([a-z]{2,3}(?:-[a-z]{2,4})?)$/i.exec(path.posix.basename(rel, ext))?.[1]?.toLowerCase();
      const byName = suffix && codes.has(suffix) ? suffix : undefined;
      const language = byName ?? contentDirs.get(contentDir)!;
      const translationKey = byName ? rel.slice(0, -(ext.length + suffix!.length + 1)) : rel.slice(0, -ext.length);
      const parts = rel.split('/');
      const bundle = /^index\.[^/]+$/.test(parts.at(-1)!);
      const folders = parts.slice(0, -1);
      const sections = bundle ? folders.slice(0, -1) : folders;
      const fileName = bundle ? (folders.at(-1) ?? '') : path.posix.basename(translationKey);
      return { contentDir, rel, language, translationKey, sections, fileName };
    }
    const placed = files.names.map(place).filter((p) => p !== null);
    const inSections = placed.some((p) => p.sections.length > 0 && /\.(md|markdown|html?)$/i.test(p.rel));
    const defaultKeys = new Map(placed.filter((p) => p.language === defaultLanguage).map((p) => [p.translationKey, p]));

    return {
      site: site.origin,
      webRoots: [folder('static', dir)],
      notAPost(name) {
        const p = place(name);
        if (!p) return name.split('/').some((f) => HUGO_FOLDERS.has(f)) ? 'a template or asset of the site, not an article' : `not in the Hugo content folder (${mainContent || 'the top'})`;
        if (/^_index\./.test(path.posix.basename(p.rel))) return 'a Hugo section list page, not an article';
        if (inSections && p.sections.length === 0) return 'a page of the Hugo site’s home section (about, search, archives…), not a post in a section';
        if (p.language !== defaultLanguage && codes.size > 1) {
          const original = defaultKeys.get(p.translationKey);
          if (original) return `a translation (${p.language}) of ${original.contentDir}${original.rel}: only the default language (${defaultLanguage}) is imported`;
        }
        return null;
      },
      pageByFrontMatter(f) {
        const fm = f.frontMatter;
        if (fm.headless === true) return 'a headless bundle of the Hugo site (never published as a page)';
        const build = table(fm._build ?? fm.build);
        if (build.render === 'never' || build.render === false) return 'not rendered by the Hugo site (build: render: never)';
        return null;
      },
      addresses(f, warn) {
        const p = place(f.file);
        if (!p) return [];
        const fm = f.frontMatter;
        const prefix = site.base + (p.language !== defaultLanguage ? `/${p.language}` : '');
        const aliases = (Array.isArray(fm.aliases) ? fm.aliases : []).filter((a): a is string => typeof a === 'string').map((a) => (a.startsWith('/') ? a : `/${a}`));
        if (typeof fm.url === 'string' && fm.url.trim()) return [prefix + (fm.url.startsWith('/') ? fm.url : `/${fm.url}`), ...aliases];
        const pattern = pagePermalinks[p.sections[0] ?? ''];
        const slug = typeof fm.slug === 'string' && fm.slug ? fm.slug : p.fileName;
        if (typeof pattern !== 'string') return [prefix + `/${[...p.sections, slug].join('/')}/`.toLowerCase(), ...aliases];
        const own = fill(pattern, f, p.sections, p.fileName);
        if (own.unknown.length) {
          warn(unreadAddress(prefix + own.path, `the permalink ${pattern} has ${own.unknown.join(', ')}, which the importer cannot fill in`));
          return aliases;
        }
        return [prefix + own.path.toLowerCase(), ...aliases];
      },
    };
  },
};
