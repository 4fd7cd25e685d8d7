import path from 'node:path';
import type { ArchiveClaim, SiteFiles } from './importer.ts';

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
