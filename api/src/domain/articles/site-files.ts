import path from 'node:path';
import type { FrontMatter } from './parse-front-matter.ts';

export type Generator = 'jekyll' | 'hugo' | 'astro' | 'eleventy' | 'gatsby';

/** An archive as the layout sees it: every file's name, and the text of the configuration files the ZIP reader read. */
export type SiteFiles = { names: string[]; text(name: string): string | undefined };

/** What an article file says about itself, for the rules that need more than its path. */
export type ArticleFacts = { file: string; frontMatter: FrontMatter; slug: string; title: string; publishDate?: string; categories: string[] };

/** One generator's reading of an archive: which files are its posts, and what addresses it gave them. */
export type SiteRules = {
  /** The old site's address from its configuration ("https://blog.example.com"), if it says. */
  site?: string;
  /** Folders whose files the old site served from its root ("static/" for Hugo, "public/" for Astro). */
  webRoots: string[];
  /** Why a Markdown/HTML file is not a post, by its place; null when it is one. */
  notAPost(name: string): string | null;
  /** Why a read article is a page after all (its front matter says so), or null. */
  pageByFrontMatter?(facts: ArticleFacts): string | null;
  /** Categories the file's place gives it (Jekyll's `work/_posts/`). */
  pathCategories?(name: string): string[];
  /** Tags that only sort files into the generator's collections (Eleventy's "posts"). */
  collectionTags?: string[];
  /** The addresses (paths) the old site served the article at. */
  addresses(facts: ArticleFacts): string[];
};

/** A generator: how to tell its archive, and its rules once told. */
export type SiteReader = { id: Generator; detect(files: SiteFiles): boolean; rules(files: SiteFiles): SiteRules };

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
