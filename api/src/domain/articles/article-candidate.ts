import type { Tier } from '@app/shared/browser';
import type { InteractiveData } from '@app/shared/schemas';

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
  /** Sanitized HTML. */
  html: string;
  excerpt?: string;
  author?: string;
  /** A category named outright (our `category`): used whether known or new. */
  category?: string;
  /** Category and tag names, best first: the first known category wins, else a new one from the first. */
  terms: { categories: string[]; tags: string[] };
  membershipRequired: Tier;
  publishDate?: string;
  published: boolean;
  sourceSlug: string;
  image?: ImageRef;
  interactiveData?: InteractiveData | Record<string, unknown> | null;
  warnings: string[];
};

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

/** A date a person or a generator wrote, as an ISO instant (its offset applied), or undefined. */
export function toIsoDate(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value).toISOString();
  if (typeof value !== 'string' || !value.trim()) return undefined;
  // "2019-01-01 12:00:00 -0500" (Jekyll, WordPress) → "2019-01-01T12:00:00-05:00".
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(value.trim());
  if (m) {
    const time = m[2] ? (m[2].length === 4 ? `0${m[2]}` : m[2]) : '00:00:00';
    const zone = m[3] ? (m[3].toUpperCase() === 'Z' ? 'Z' : m[3].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')) : 'Z';
    const parsed = new Date(`${m[1]}T${time}${zone}`);
    return Number.isNaN(parsed.getTime()) ? undefined : parsed.toISOString();
  }
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed.toISOString();
}
