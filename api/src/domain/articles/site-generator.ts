import path from 'node:path';
import type { ArchiveClaim, Importer, SourceFile } from './importer.ts';
import { IMPORT_LIMITS } from './import-limits.ts';
import { readMarkdownArticle } from './markdown-article.ts';
import type { ReadOutcome } from './read-outcome.ts';
import type { SiteReader, SiteRules } from './site-files.ts';

/** Lower-case extensions of the articles a site generator's repository holds: Markdown, MDX and HTML. */
export const MARKDOWN_EXTENSIONS: readonly string[] = ['.md', '.markdown', '.mdx', '.html', '.htm'];
export const ARTICLE_FILE_CAP = { bytes: IMPORT_LIMITS.maxArticleBytes, what: 'an article file' };

const isMarkdownFile = (name: string) => MARKDOWN_EXTENSIONS.includes(path.posix.extname(name).toLowerCase());

/** One Markdown or HTML file, read as every importer gives what it read: here, its one article. */
export async function readMarkdownFile(file: SourceFile): Promise<ReadOutcome> {
  return { candidates: [await readMarkdownArticle(file.name, file.source, file.notes)], errors: [], skipped: [] };
}

// Folders of templates, generated output and dependencies, whatever the generator.
const TEMPLATE_FOLDERS = new Set(['_layouts', '_includes', '_sass', '_data', 'layouts', 'partials', 'themes', 'archetypes', 'node_modules', '_site', 'public', 'static', 'assets', 'resources', 'dist', '.git', '.github', 'vendor', '.vscode']);
const REPOSITORY_FILES = /^(readme|licen[cs]e|changelog|changes|contributing|code_of_conduct|security|authors|history|copying)(\.[\w-]+)*$/i;

/** Files no generator publishes as a post: templates and assets, repository notes and the "not found" page. */
function neverAnArticle(name: string): string | null {
  if (name.split('/').slice(0, -1).some((f) => TEMPLATE_FOLDERS.has(f))) return 'a template or asset of the site, not an article';
  const base = path.posix.basename(name);
  if (REPOSITORY_FILES.test(base)) return 'the repository’s notes (README, licence, changelog…), not an article';
  if (/^404\.[\w.]+$/i.test(base)) return 'the site’s “page not found” page, not an article';
  return null;
}

/** A generator's rules as a claim: its Markdown and HTML files are its to read, and what no generator publishes is never a post. */
function siteClaim({ notAPost, ...rules }: SiteRules): ArchiveClaim {
  return { ...rules, takes: isMarkdownFile, notAnArticle: (name) => neverAnArticle(name) ?? notAPost(name) };
}

/**
 * A site generator's source tree as it is in its repository (DESIGN §7.19, issue 40), as an
 * importer: it claims an archive its configuration and folders show to be one of its sites, and
 * reads the posts its rules (layout-*.ts) name, each a Markdown or HTML file with front matter.
 */
export function siteGenerator(reader: SiteReader): Importer {
  return {
    id: reader.id,
    kind: 'article',
    extensions: [],
    cap: ARTICLE_FILE_CAP,
    configuration: reader.configuration,
    claim: (files) => (reader.detect(files) ? siteClaim(reader.rules(files)) : null),
    read: readMarkdownFile,
  };
}

/** An archive no source claims: a plain folder of articles, every Markdown and HTML file outside template folders. */
export const PLAIN_FOLDER: ArchiveClaim = siteClaim({ webRoots: [''], notAPost: () => null, addresses: () => [] });
