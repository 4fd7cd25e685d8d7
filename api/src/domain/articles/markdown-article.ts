import path from 'node:path';
import { inWords, TIERS } from '@app/shared/browser';
import { InteractiveDataSchema, TierSchema } from '@app/shared/schemas';
import { excerptFrom, fitTitle, slugify, type ArticleCandidate, type ImageRef } from './article-candidate.ts';
import { needsDateWarning, readDate } from './parse-date.ts';
import { parseFrontMatter, type FrontMatter } from './parse-front-matter.ts';
import { renderArticleHtml } from './render-article-html.ts';
import { removedTagsNote, stripGeneratorTags } from './strip-template-tags.ts';
import { withoutMdxModules } from './mdx-modules.ts';

const first = (fm: FrontMatter, keys: string[]): unknown => keys.map((k) => fm[k]).find((v) => v !== undefined && v !== null && v !== '');
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : undefined);

/** `categories: [a, b]`, `tags: "a, b"`, or Jekyll's space-separated `categories: a b`. */
function terms(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(text).filter((t): t is string => Boolean(t));
  const s = text(v);
  if (!s) return [];
  return (s.includes(',') ? s.split(',') : s.split(/\s+/)).map((t) => t.trim()).filter(Boolean);
}

/** `author: Ada`, `authors: [Ada, Bob]`, `author: { name: Ada }` (Jekyll, Hugo themes). */
function author(v: unknown): string | undefined {
  const list = Array.isArray(v) ? v : [v];
  const names = list.map((a) => text(a) ?? (a && typeof a === 'object' ? text((a as { name?: unknown }).name) ?? text((a as { display_name?: unknown }).display_name) : undefined)).filter(Boolean);
  return names.length ? names.join(', ').slice(0, 100) : undefined;
}

/** `image: x.png`, `images: [x.png]`, `cover: { image: x.png }` (Hugo PaperMod), `image: { path: x.png }` (jekyll-seo-tag). */
function imageValue(v: unknown): string | undefined {
  if (Array.isArray(v)) return imageValue(v[0]);
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return text(o.image) ?? text(o.path) ?? text(o.src) ?? text(o.url) ?? text(o.feature);
  }
  return text(v);
}

const IMAGE_KEYS = ['thumbnail', 'image', 'cover', 'cover_image', 'coverImage', 'feature_image', 'featured_image', 'featuredImage', 'heroImage', 'hero_image', 'hero', 'images'];

/** A link post's target (`external_url` in Hugo themes, `link:` in Jekyll's, `link_url`): an address on the web. */
function linkPostTarget(fm: FrontMatter): string | undefined {
  const url = text(first(fm, ['external_url', 'link', 'link_url']));
  return url && /^https?:\/\/[^\s<>]+$/i.test(url) ? url : undefined;
}

/** A link post's body opens with its title as the link to what it points at, unless the text already links there. */
function withLinkPostTarget(body: string, kind: 'markdown' | 'html', title: string, url: string): string {
  if (body.includes(url)) return body;
  const words = title || url;
  if (kind === 'html') return `<p><a href="${url.replace(/"/g, '%22')}">${words.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</a></p>\n${body}`;
  return `[${words.replace(/[\\[\]]/g, '\\$&')}](<${url}>)\n\n${body}`;
}

/** "2020-01-31-hello-world.md" (Jekyll) → date and slug; "my-post/index.md" (a page bundle) → "my-post". */
function fromFileName(name: string): { date?: string; slug: string; title: string } {
  const ext = path.posix.extname(name);
  let base = path.posix.basename(name, ext);
  if (/^_?index$/i.test(base)) base = path.posix.basename(path.posix.dirname(name)) || base;
  const dated = /^(\d{4}-\d{2}-\d{2})-(.+)$/.exec(base);
  const slug = slugify(dated?.[2] ?? base) || 'article';
  const title = (dated?.[2] ?? base).replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
  return { date: dated?.[1], slug, title };
}

/**
 * The date: the front matter's (`publishDate`, `pubDate`, `date`), read strictly; else the file
 * name's (Jekyll). A date that cannot be read falls back to the file name's, or else the article
 * needs a date and comes in unpublished — never 1970, never a rolled-over day (issue 40).
 */
function dateOf(fm: FrontMatter, fileDate: string | undefined, warnings: string[]): { publishDate?: string; needsDate: boolean } {
  const fromName = fileDate ? readDate(fileDate) : undefined;
  const nameIso = fromName && 'iso' in fromName ? fromName.iso : undefined;
  const read = readDate(first(fm, ['publishDate', 'pubDate', 'date', 'published_at']));
  if (read && 'iso' in read) return { publishDate: read.iso, needsDate: false };
  const problem = read?.problem ?? (fromName && 'problem' in fromName ? `${fromName.problem} (in the file name)` : undefined);
  if (nameIso) {
    if (problem) warnings.push(`${problem}; the date in the file name (${fileDate}) is used`);
    return { publishDate: nameIso, needsDate: false };
  }
  if (problem) {
    warnings.push(needsDateWarning(problem));
    return { needsDate: true };
  }
  warnings.push('No date in the file: it will be dated the day it is imported');
  return { needsDate: false };
}

/**
 * One Markdown or HTML file with front matter (YAML, TOML or JSON) → an article. Reads our own
 * fields and what Jekyll, Hugo, Astro, Eleventy and Gatsby sites write: dates (`date`,
 * `publishDate`, `pubDate`, Jekyll's file name), `category`/`categories` then `tags`,
 * `description`/`summary`/`excerpt`, pictures under their usual names, authors as a string, list
 * or map, `draft: true` or `published: false` (and Jekyll's `_drafts`), and titles from `title`,
 * `linkTitle`, the first `#` heading or the file name. Template tags are removed with a warning.
 * Throws with a sentence when the file is unusable.
 */
export async function readMarkdownArticle(name: string, source: string, notes: string[] = []): Promise<ArticleCandidate> {
  const { data: fm, content } = parseFrontMatter(source);
  const warnings: string[] = [...notes];
  const ext = path.posix.extname(name).toLowerCase();
  const kind = ext === '.html' || ext === '.htm' ? 'html' : 'markdown';
  let body = content;
  if (ext === '.mdx') {
    const mdx = withoutMdxModules(body);
    body = mdx.text;
    if (mdx.components) warnings.push('MDX components were removed');
  }
  const stripped = stripGeneratorTags(body);
  warnings.push(...removedTagsNote(stripped.removed));
  body = stripped.text;

  const fileName = fromFileName(name);
  const draft = fm.draft === true || fm.published === false || name.split('/').includes('_drafts');
  let title = text(fm.title) ?? text(fm.linkTitle);
  // A draft whose front matter says its title is empty (our export of one saved before a title was
  // typed) comes back untitled, not named after its file.
  const untitled = draft && !title && 'title' in fm && (fm.title === '' || fm.title === null);
  if (!title && !untitled) {
    const heading = kind === 'markdown' ? /^#[ \t]+(.+?)[ \t#]*$/m.exec(body) : /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(body);
    if (heading) {
      title = heading[1]!.replace(/<[^>]*>/g, '').trim();
      body = body.replace(heading[0], '');
    }
  }
  title = untitled ? '' : fitTitle(title || fileName.title, warnings);

  const tier = TierSchema.safeParse(fm.membershipRequired ?? 'free');
  if (!tier.success) throw new Error(`membershipRequired: must be ${inWords(TIERS, 'or')}`);
  let interactiveData = null;
  if (fm.interactive !== undefined) {
    const parsed = InteractiveDataSchema.safeParse(fm.interactive);
    if (!parsed.success) throw new Error(`interactive.${parsed.error.issues[0]!.path.join('.')}: ${parsed.error.issues[0]!.message}`);
    interactiveData = parsed.data;
  }

  // A link post (issue 49 #5) is the link and whatever was written about it: never refused for having no text.
  const target = linkPostTarget(fm);
  if (target) body = withLinkPostTarget(body, kind, title, target);
  const { html, body: rich, warnings: rendering } = await renderArticleHtml(body, kind);
  warnings.push(...rendering);
  // A draft may have no body yet; an article to publish must have one.
  if (!html.trim() && !draft) throw new Error('the article has no body');

  const { publishDate, needsDate } = dateOf(fm, fileName.date, warnings);
  const image = imageValue(first(fm, IMAGE_KEYS));
  let imageRef: ImageRef | undefined;
  if (image) imageRef = /^https?:\/\//i.test(image) ? { url: image } : { archivePath: image };

  return {
    file: name,
    title,
    html,
    body: rich,
    // `excerpt: ''` (our export of an article without one) means none; else the first paragraph stands in.
    excerpt: fm.excerpt === '' ? undefined : excerptFrom(text(first(fm, ['excerpt', 'description', 'summary', 'subtitle'])), html),
    author: author(first(fm, ['author', 'authors'])),
    // Our own `category` and Jekyll's singular one come first, then the declared list.
    terms: { categories: [...(text(fm.category) ? [text(fm.category)!] : []), ...terms(fm.categories)], tags: terms(fm.tags) },
    categorySlug: text(fm.category) && text(fm.categorySlug) ? slugify(text(fm.categorySlug)!) || undefined : undefined,
    membershipRequired: tier.data,
    // Null: the date written is not one, and the article waits for one (never today's).
    publishDate: needsDate ? null : publishDate,
    published: !draft && !needsDate,
    sourceSlug: slugify(text(fm.slug) ?? '') || fileName.slug,
    image: imageRef,
    interactiveData,
    frontMatter: fm,
    oldAddresses: [],
    warnings,
  };
}
