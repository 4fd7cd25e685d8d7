import type { Tier } from '@app/shared/browser';
import type { InteractiveData } from '@app/shared/schemas';
import type { ImportedBody } from '@app/shared/server';
import type { FrontMatter } from './parse-front-matter.ts';

/** Where an article's picture is: a file in the uploaded archive, or an address on the web. */
export type ImageRef = { archivePath: string } | { url: string };

/**
 * One article as read from an upload (a Markdown file, a Ghost post, a WordPress item), before
 * the category, the duplicate check and the picture are settled against the site.
 */
export type ArticleCandidate = {
  /** Where it came from, as the admin knows it: "_posts/2020-01-01-hello.md", "ghost.json › hello". */
  file: string;
  title: string;
  /** Sanitized HTML (the excerpt and the preview read it). */
  html: string;
  /** The same body as the CMS stores it (rich text), with its pictures and links still to settle. */
  body: ImportedBody;
  excerpt?: string;
  author?: string;
  /**
   * Declared categories, best first (ours and Jekyll's `category`, then `categories`), and tags:
   * the category is the first declared one, else the first tag the site knows, else the admin's
   * default (plan-import.ts). The tags go with the article where the content model has them.
   */
  terms: { categories: string[]; tags: string[] };
  /** The first category's slug, where the file names it (our own export's `categorySlug`). */
  categorySlug?: string;
  membershipRequired: Tier;
  /** Null: the source's date is not a date; the article comes in unpublished and needs one (issue 49 #6). */
  publishDate?: string | null;
  published: boolean;
  sourceSlug: string;
  image?: ImageRef;
  interactiveData?: InteractiveData | Record<string, unknown> | null;
  /** A Markdown/HTML file's front matter, for the site layout's rules (archive-layout.ts). */
  frontMatter?: FrontMatter;
  /** The old site's address ("https://blog.example.com"), when its export or configuration says. */
  sourceSite?: string;
  /** The paths the old site served this article at (its permalink, aliases, export link). */
  oldAddresses: string[];
  /** Addresses the old site gave it that the importer cannot work out (archive-layout.ts): they will not redirect, and the preview and the import report say so. */
  unreadAddresses?: string[];
  warnings: string[];
};

export const MAX_TITLE = 200;

/** A title within the model's limit, shortened at a word with a warning when it is longer. */
export function fitTitle(title: string, warnings: string[]): string {
  const clean = title.replace(/\s+/g, ' ').trim();
  if (clean.length <= MAX_TITLE) return clean;
  warnings.push(`The title is ${clean.length} characters long; it was shortened to ${MAX_TITLE}`);
  const cut = clean.slice(0, MAX_TITLE - 1);
  return `${cut.includes(' ') ? cut.replace(/\s+\S*$/, '') : cut}…`;
}

/** A readable slug: "Time Management!" → "time-management". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

const MAX_EXCERPT = 600;

/** An excerpt from the given text, or else the first paragraph of the HTML, cut at a word. */
export function excerptFrom(given: string | undefined, html: string): string | undefined {
  const source = given?.trim() || /<p\b[^>]*>([\s\S]*?)<\/p>/i.exec(html)?.[1];
  if (!source) return undefined;
  const text = source
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return undefined;
  if (text.length <= MAX_EXCERPT) return text;
  return text.slice(0, MAX_EXCERPT - 1).replace(/\s+\S*$/, '') + '…';
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text from a title exported with HTML entities ("Box breathing &amp; you", "Don&#8217;t"). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[e.toLowerCase()] ?? whole;
  });
}
