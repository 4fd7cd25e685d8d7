import path from 'node:path';
import { astroSite } from './layout-astro.ts';
import { eleventySite } from './layout-eleventy.ts';
import { hugoSite } from './layout-hugo.ts';
import { jekyllSite } from './layout-jekyll.ts';
import type { Generator, SiteFiles, SiteReader, SiteRules } from './site-files.ts';

export type ArchiveLayout = SiteRules & {
  /** The folder every entry sits in (a repository downloaded as a ZIP), or "". */
  root: string;
  generator: Generator | null;
  /** Why a Markdown/HTML file is not an article, or null when it is one. */
  notAnArticle(name: string): string | null;
};

// Folders of templates, generated output and dependencies, whatever the generator.
const TEMPLATE_FOLDERS = new Set(['_layouts', '_includes', '_sass', '_data', 'layouts', 'partials', 'themes', 'archetypes', 'node_modules', '_site', 'public', 'static', 'assets', 'resources', 'dist', '.git', '.github', 'vendor', '.vscode']);
const REPOSITORY_FILES = /^(readme|licen[cs]e|changelog|changes|contributing|code_of_conduct|security|authors|history|copying)(\.[\w-]+)*$/i;

/** Files no generator publishes as a post: repository notes and the "not found" page. */
function repositoryFile(name: string): string | null {
  const base = path.posix.basename(name);
  if (REPOSITORY_FILES.test(base)) return 'the repository’s notes (README, licence, changelog…), not an article';
  if (/^404\.[\w.]+$/i.test(base)) return 'the site’s “page not found” page, not an article';
  return null;
}

const gatsby: SiteReader = {
  id: 'gatsby',
  detect: (files) => files.names.some((n) => /^gatsby-config\.\w+$/.test(n)),
  rules: () => ({
    webRoots: ['static/'],
    notAPost: (n) => (n.split('/')[0] === 'content' ? null : 'a page of the Gatsby site, not a post (posts are in content)'),
    addresses: (f) => [`/${f.slug}/`],
  }),
};

/** The readers, most specific first: a Jekyll site may carry a package.json, an Astro site a content/ folder. */
const READERS: SiteReader[] = [jekyllSite, hugoSite, astroSite, eleventySite, gatsby];

const plainFolder: SiteRules = { webRoots: [''], notAPost: () => null, addresses: () => [] };

/**
 * Recognises a site generator's source tree as it is in its repository (DESIGN §7.19, issue 40):
 * Jekyll, Hugo, Astro, Eleventy or Gatsby, each by its configuration and folders, with its own
 * rules for which files are posts and where it served them (layout-*.ts). Anything else is a
 * plain folder of articles: every Markdown and HTML file outside template folders. Repository
 * notes (README, licence) and 404 pages are never articles.
 */
export function detectArchiveLayout(all: SiteFiles): ArchiveLayout {
  const names = all.names;
  const first = names[0]?.split('/')[0];
  const root = first && names.length > 0 && names.every((n) => n.startsWith(`${first}/`)) ? `${first}/` : '';
  const files: SiteFiles = { names: names.map((n) => n.slice(root.length)), text: (n) => all.text(root + n) };
  const reader = READERS.find((r) => r.detect(files));
  const rules = reader ? reader.rules(files) : plainFolder;
  const strip = (name: string) => name.slice(root.length);
  return {
    ...rules,
    root,
    generator: reader?.id ?? null,
    webRoots: rules.webRoots.map((w) => root + w),
    notAnArticle(name) {
      const n = strip(name);
      const folders = n.split('/').slice(0, -1);
      if (folders.some((f) => TEMPLATE_FOLDERS.has(f))) return 'a template or asset of the site, not an article';
      return repositoryFile(n) ?? rules.notAPost(n);
    },
    pageByFrontMatter: rules.pageByFrontMatter ? (facts) => rules.pageByFrontMatter!({ ...facts, file: strip(facts.file) }) : undefined,
    pathCategories: rules.pathCategories ? (name) => rules.pathCategories!(strip(name)) : undefined,
    addresses: (facts) => rules.addresses({ ...facts, file: strip(facts.file) }),
  };
}

/** Configuration files the layouts read (the ZIP reader reads these as text, whatever their type). */
export function isSiteConfiguration(name: string): boolean {
  const base = path.posix.basename(name);
  return (
    /^(_config\.(ya?ml|toml)|(hugo|config)\.(toml|ya?ml|json)|astro\.config\.\w+|content\.config\.\w+|\.eleventy\.js|eleventy\.config\.\w+|gatsby-config\.\w+|package\.json|\.eleventyignore)$/.test(base) ||
    /\.11tydata\.(js|cjs|mjs|json)$/.test(base) ||
    /(^|\/)src\/content\/config\.\w+$/.test(name) ||
    /(^|\/)config\/_default\/[\w.-]+\.(toml|ya?ml|json)$/.test(name)
  );
}
