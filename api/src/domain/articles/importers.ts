import path from 'node:path';
import { ghostExportData, readGhostExport } from './ghost-export.ts';
import { IMPORT_LIMITS } from './import-limits.ts';
import { readMarkdownArticle } from './markdown-article.ts';
import type { ReadOutcome } from './read-outcome.ts';
import { isWordPressExport, readWordPressExport } from './wordpress-export.ts';

/**
 * The importers (DESIGN §7.19), as Ghost's import manager keeps them: each declares the files it
 * takes and reads one into the one candidate form (article-candidate.ts). The ZIP reader, the
 * per-file caps and the conversion thread all read this list; a new source is one entry here.
 */
/** A file's text, and notes about reading it (it was not UTF-8) that go with every article it gives. */
export type SourceFile = { name: string; source: string; notes?: string[] };

export type Importer = {
  id: string;
  /**
   * 'article': a file is one article, and what is wrong with it is that file's error.
   * 'export': a file holds a whole site; inside a ZIP a file of its extension that is not one is
   * passed over, and uploaded alone it is refused with `notOne`.
   */
  kind: 'article' | 'export';
  /** Lower-case extensions, with the dot. */
  extensions: readonly string[];
  /** The most one of its files may unpack to, and what a refusal calls the file. */
  cap: { bytes: number; what: string };
  /** Uploaded on its own (not in a ZIP): the refusal when the file is not one of its exports. Unset: only inside a ZIP. */
  notOne?: string;
  /** Null: the file is not one of this importer's (an export importer only). */
  read(file: SourceFile, opts: { includePages: boolean }): Promise<ReadOutcome | null>;
};

const parseJson = (source: string): unknown => {
  try {
    return JSON.parse(source);
  } catch {
    return null;
  }
};

/** Markdown and HTML articles of any common site generator (Jekyll, Hugo, Astro, Eleventy) and our own front matter. */
const markdownFiles: Importer = {
  id: 'markdown',
  kind: 'article',
  extensions: ['.md', '.markdown', '.mdx', '.html', '.htm'],
  cap: { bytes: IMPORT_LIMITS.maxArticleBytes, what: 'an article file' },
  read: async (file) => ({ candidates: [await readMarkdownArticle(file.name, file.source, file.notes)], errors: [], skipped: [] }),
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

export const IMPORTERS: readonly Importer[] = [markdownFiles, ghostExport, wordpressExport];

/** The importer that takes a file of this name, if any. */
export function importerFor(name: string): Importer | undefined {
  const ext = path.extname(name).toLowerCase();
  return IMPORTERS.find((i) => i.extensions.includes(ext));
}

export function importerById(id: string): Importer | undefined {
  return IMPORTERS.find((i) => i.id === id);
}
