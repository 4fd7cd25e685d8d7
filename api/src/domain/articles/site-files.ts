import path from 'node:path';
import type { ArchiveClaim, ArticleFacts, SiteFiles } from './importer.ts';

/**
 * One generator's reading of an archive: which files are its posts, and what addresses it gave
 * them (site-generator.ts adds what every generator shares: templates and repository notes are
 * never articles, and its posts are its Markdown and HTML files).
 */
export type SiteRules = Omit<ArchiveClaim, 'takes' | 'notAnArticle' | 'savedPicture'> & {
  /** Why a Markdown/HTML file is not a post, by its place; null when it is one. */
  notAPost(name: string): string | null;
};

/** A generator: its configuration files, how to tell its archive, and its rules once told. */
export type SiteReader = { id: string; configuration: RegExp; detect(files: SiteFiles): boolean; rules(files: SiteFiles): SiteRules };

/** The shallowest file among `names` that passes `test`, and the folder it is in ("" or "site/"). */
export function shallowest(names: string[], test: (base: string, name: string) => boolean): { name: string; dir: string } | undefined {
  const hits = names.filter((n) => test(path.posix.basename(n), n)).sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
  const name = hits[0];
  if (name === undefined) return undefined;
  const dir = path.posix.dirname(name);
  return { name, dir: dir === '.' ? '' : `${dir}/` };
}

/** "https://blog.example.com/base/" → its origin and path: where a site's addresses begin. */
export function siteAddress(url: unknown): { origin?: string; base: string } {
  if (typeof url !== 'string' || !url.trim()) return { base: '' };
  try {
    const u = new URL(url.trim());
    return { origin: u.origin, base: u.pathname.replace(/\/+$/, '') };
  } catch {
    return { base: url.trim().startsWith('/') ? url.trim().replace(/\/+$/, '') : '' };
  }
}

/** A folder of the archive as a layout names it ("./src/", "src" → "src/"; "." → ""). */
export function folder(dir: string, within = ''): string {
  const joined = path.posix.normalize(path.posix.join(within, dir.replace(/^\.\//, '')));
  return joined === '.' || joined === '' ? '' : `${joined.replace(/\/+$/, '')}/`;
}

/**
 * The date an article's front matter (or its file name) writes, as written — its fields read as
 * UTC — for the year and day of its permalink: the generators fill those in the zone the date was
 * written in (or the site's), not in UTC, so 2020-01-02 23:30 -0800 was served under /2020/01/02/.
 */
export function writtenDate(f: ArticleFacts): Date | undefined {
  const raw = [f.frontMatter.date, f.frontMatter.publishDate, f.frontMatter.pubDate].find((v) => typeof v === 'string' && v.trim());
  const written = typeof raw === 'string' ? /^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?)?/.exec(raw) : null;
  const named = /^(\d{4})-(\d{2})-(\d{2})-/.exec(path.posix.basename(f.file));
  const parts = written ?? named;
  if (parts) {
    const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(parts[i] ?? 0));
    const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
    if (!Number.isNaN(date.getTime())) return date;
  }
  return f.publishDate ? new Date(f.publishDate) : undefined;
}

/** The preview's warning for an old address the importer cannot work out: it will not redirect. */
export const unreadAddress = (address: string, why: string) => `The old site’s address ${address} cannot be worked out (${why}): links to it will not redirect`;
