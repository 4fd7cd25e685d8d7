import path from 'node:path';
import { ghostExportData, readGhostExport } from './ghost-export.ts';
import type { Importer } from './importer.ts';
import { IMPORT_LIMITS } from './import-limits.ts';
import { astroSite } from './layout-astro.ts';
import { eleventySite } from './layout-eleventy.ts';
import { gatsbySite } from './layout-gatsby.ts';
import { hugoSite } from './layout-hugo.ts';
import { jekyllSite } from './layout-jekyll.ts';
import { mediumExport } from './medium-export.ts';
import { ARTICLE_FILE_CAP, MARKDOWN_EXTENSIONS, readMarkdownFile, siteGenerator } from './site-generator.ts';
import { isWordPressExport, readWordPressExport } from './wordpress-export.ts';

const parseJson = (source: string): unknown => {
  try {
    return JSON.parse(source);
  } catch {
    return null;
  }
};

/** Markdown and HTML articles with front matter (ours, or any generator's) in an archive no source claims. */
const markdownFiles: Importer = {
  id: 'markdown',
  kind: 'article',
  extensions: MARKDOWN_EXTENSIONS,
  cap: ARTICLE_FILE_CAP,
  read: readMarkdownFile,
};

/** Ghost's JSON export (Settings → Labs → Export). */
const ghostExport: Importer = {
  id: 'ghost',
  kind: 'export',
  extensions: ['.json'],
  cap: { bytes: IMPORT_LIMITS.maxExportBytes, what: 'an export file' },
  notOne: 'The JSON file is not a Ghost export (Settings → Labs → Export).',
  read: async (file, opts) => {
    const data = ghostExportData(parseJson(file.source));
    return data ? readGhostExport(path.posix.basename(file.name), data, opts, file.notes) : null;
  },
};

/** WordPress's WXR export (Tools → Export). */
const wordpressExport: Importer = {
  id: 'wordpress',
  kind: 'export',
  extensions: ['.xml'],
  cap: { bytes: IMPORT_LIMITS.maxExportBytes, what: 'an export file' },
  notOne: 'The XML file is not a WordPress export (Tools → Export).',
  read: async (file, opts) => (isWordPressExport(file.source) ? readWordPressExport(path.posix.basename(file.name), file.source, opts, file.notes) : null),
};

/**
 * Every source the import reads, in the order they are asked to claim an archive (most specific
 * first: an Eleventy site's configuration makes it one even with Jekyll's `_posts/`, a Jekyll
 * site may carry a package.json, an Astro site a content/ folder), then those files are
 * dispatched to by extension. A new source is its reader and one entry here.
 */
export const IMPORTERS: readonly Importer[] = [
  siteGenerator(eleventySite),
  siteGenerator(jekyllSite),
  siteGenerator(hugoSite),
  siteGenerator(astroSite),
  siteGenerator(gatsbySite),
  mediumExport,
  markdownFiles,
  ghostExport,
  wordpressExport,
];

/** The importer that takes a file of this name by its extension, if any. */
export function importerFor(name: string): Importer | undefined {
  const ext = path.extname(name).toLowerCase();
  return IMPORTERS.find((i) => i.extensions.includes(ext));
}

export function importerById(id: string): Importer | undefined {
  return IMPORTERS.find((i) => i.id === id);
}

/** A configuration file some source's claim reads (the ZIP reader reads these as text, whatever their type). */
export function isSiteConfiguration(name: string): boolean {
  return IMPORTERS.some((i) => i.configuration?.test(name));
}
