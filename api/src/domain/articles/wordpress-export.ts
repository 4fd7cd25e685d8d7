import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { AppError } from '../../lib/app-error.ts';
import { decodeEntities, excerptFrom, fitTitle, slugify } from './article-candidate.ts';
import { articleDate } from './parse-date.ts';
import { renderArticleHtml } from './render-article-html.ts';
import type { ReadOutcome } from './read-outcome.ts';
import { removedTagsNote, stripWordPressShortcodes } from './strip-template-tags.ts';

type Text = string | { '#text'?: string } | undefined;
type WxrItem = {
  title?: Text; 'dc:creator'?: Text; 'content:encoded'?: Text; 'excerpt:encoded'?: Text;
  'wp:post_id'?: Text; 'wp:post_name'?: Text; 'wp:post_type'?: Text; 'wp:status'?: Text;
  'wp:post_date'?: Text; 'wp:post_date_gmt'?: Text; 'wp:attachment_url'?: Text; 'wp:post_password'?: Text; link?: Text;
  category?: { '#text'?: string; '@_domain'?: string; '@_nicename'?: string }[];
  'wp:postmeta'?: { 'wp:meta_key'?: Text; 'wp:meta_value'?: Text }[];
  'wp:comment'?: unknown[];
};
type WxrChannel = { link?: Text; 'wp:base_blog_url'?: Text; item?: WxrItem[]; 'wp:author'?: { 'wp:author_login'?: Text; 'wp:author_display_name'?: Text }[] };

const str = (v: Text): string => (typeof v === 'string' ? v : (v?.['#text'] ?? '')).trim();

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  htmlEntities: false,
  isArray: (name) => ['item', 'category', 'wp:postmeta', 'wp:comment', 'wp:author'].includes(name),
});

/** A site's origin ("https://calm.example.com"), if the text is an address. */
function originOf(url: string): string | undefined {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
}

/** An address's path (and query) when it is on the given site. */
function pathOf(url: string, site: string | undefined): string | undefined {
  try {
    const u = new URL(url);
    return !site || u.origin === site ? u.pathname + u.search : undefined;
  } catch {
    return undefined;
  }
}

/** CDATA sections and comments: text, not markup (an article about XML may hold "<item>" in one). */
const OPAQUE = String.raw`<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<!--[\s\S]*?(?:-->|$)`;

/**
 * A bare "&" (an address's query, a title typed by hand) is not well-formed XML, but WordPress
 * writes it now and then; its own importer reads such files. It is read as the character it is.
 */
function withStrayAmpersandsEscaped(xml: string): string {
  return xml.replace(new RegExp(`(${OPAQUE})|&(?!(?:[a-zA-Z][\\w.-]*|#\\d+|#x[\\da-fA-F]+);)`, 'g'), (m, opaque: string | undefined) => (opaque ? m : '&amp;'));
}

type XmlProblem = { line: number; col: number; msg: string };

function problemOf(xml: string): XmlProblem | null {
  const result = XMLValidator.validate(xml, { allowBooleanAttributes: true });
  return result === true ? null : { line: result.err.line, col: result.err.col, msg: result.err.msg };
}

const lineAt = (xml: string, index: number) => xml.slice(0, index).split('\n').length;

/** Each `<item>` of the channel, from its opening tag to its closing one (or, when it has none, to the next item or the channel's end). */
function itemSpans(xml: string): { start: number; end: number; closed: boolean }[] {
  const spans: { start: number; end: number; closed: boolean }[] = [];
  let open = -1;
  for (const m of xml.matchAll(new RegExp(`${OPAQUE}|<item[\\s>]|<\\/item\\s*>|<\\/channel\\s*>`, 'g'))) {
    const token = m[0];
    if (token.startsWith('<!')) continue;
    if (token.startsWith('<item')) {
      if (open >= 0) spans.push({ start: open, end: m.index, closed: false });
      open = m.index;
    } else if (open >= 0) {
      const closed = token.startsWith('</item');
      spans.push({ start: open, end: closed ? m.index + token.length : m.index, closed });
      open = -1;
    }
  }
  if (open >= 0) spans.push({ start: open, end: xml.length, closed: false });
  return spans;
}

/** What an unreadable item says of itself, for naming it: its slug or title, else where it starts. */
function itemName(chunk: string, line: number): string {
  const field = (tag: string) => new RegExp(`<${tag}>\\s*(?:<!\\[CDATA\\[)?([^<\\]]+)`).exec(chunk)?.[1]?.trim();
  return field('wp:post_name') || (field('title') ? decodeEntities(field('title')!) : '') || `the item at line ${line}`;
}

/**
 * The export's XML, well-formed: as it is, or without the items that are not (each named, with
 * the line and what is wrong, so that none is lost without a word: issue 49 #6). When what is
 * wrong lies outside the items, the export is refused with the line and the element.
 */
function wellFormed(file: string, raw: string): { xml: string; unread: { file: string; message: string }[] } {
  const xml = withStrayAmpersandsEscaped(raw);
  const problem = problemOf(xml);
  if (!problem) return { xml, unread: [] };
  const refuse = (p: XmlProblem) => new AppError('bad_request', `"${file}" is not a readable WordPress export: line ${p.line}, column ${p.col}: ${p.msg}`);
  const spans = itemSpans(xml);
  if (spans.length === 0) throw refuse(problem);
  const kept: string[] = [];
  const unread: { file: string; message: string }[] = [];
  for (const span of spans) {
    const chunk = xml.slice(span.start, span.end);
    const line = lineAt(xml, span.start);
    const wrong = span.closed ? problemOf(chunk) : { line: 1, col: 1, msg: 'the item has no closing </item> tag' };
    if (!wrong) kept.push(chunk);
    else unread.push({ file: `${file} › ${itemName(chunk, line)}`, message: `the item is not well-formed XML, so it could not be read (line ${line + wrong.line - 1}: ${wrong.msg})` });
  }
  const rebuilt = xml.slice(0, spans[0]!.start) + kept.join('\n') + xml.slice(spans.at(-1)!.end);
  // What is wrong is outside the items (the channel, the document's end): the export cannot be read.
  if (problemOf(rebuilt)) throw refuse(problem);
  return { xml: rebuilt, unread };
}

/** True when the text looks like a WordPress export (an RSS document in the WXR namespace). */
export function isWordPressExport(xml: string): boolean {
  return /<rss[\s>]/.test(xml.slice(0, 4096)) && /xmlns:wp=/.test(xml.slice(0, 4096));
}

/**
 * A WordPress WXR export (Tools → Export) → articles: posts with title, content (Gutenberg block
 * comments and shortcodes removed, with a note), excerpt, the GMT post date, categories (then
 * tags), the featured image (its attachment's URL), the author's display name, and drafts,
 * pending, private and scheduled posts unpublished. Pages (unless asked for), attachments,
 * menus, other item types and comments are skipped and counted.
 */
export async function readWordPressExport(file: string, xml: string, opts: { includePages: boolean }, notes: string[] = []): Promise<ReadOutcome> {
  // WXR never declares entities; a document that does is refused rather than expanded.
  if (/<!ENTITY/i.test(xml)) throw new AppError('bad_request', `"${file}" declares XML entities, which are not accepted.`);
  const { xml: readable, unread } = wellFormed(file, xml);
  let channel: WxrChannel;
  try {
    channel = (parser.parse(readable) as { rss?: { channel?: WxrChannel } }).rss?.channel ?? {};
  } catch {
    throw new AppError('bad_request', `"${file}" is not a readable WordPress export.`);
  }
  const items = channel.item ?? [];
  const authors = new Map((channel['wp:author'] ?? []).map((a) => [str(a['wp:author_login']), str(a['wp:author_display_name'])]));
  const attachments = new Map(items.filter((i) => str(i['wp:post_type']) === 'attachment').map((i) => [str(i['wp:post_id']), str(i['wp:attachment_url'])]));
  const out: ReadOutcome = { candidates: [], errors: [...unread], skipped: [] };
  const site = originOf(str(channel['wp:base_blog_url']) || str(channel.link));
  const passedOver = new Map<string, number>();
  const count = (kind: string, n = 1) => passedOver.set(kind, (passedOver.get(kind) ?? 0) + n);

  for (const item of items) {
    const type = str(item['wp:post_type']) || 'post';
    count('comment', item['wp:comment']?.length ?? 0);
    if (type !== 'post' && !(type === 'page' && opts.includePages)) {
      count(type);
      continue;
    }
    const status = str(item['wp:status']);
    if (status === 'trash' || status === 'auto-draft') {
      count(`${status} ${type}`);
      continue;
    }
    const slug = str(item['wp:post_name']);
    const label = `${file} › ${slug || str(item.title) || str(item['wp:post_id'])}`;
    try {
      const withoutBlocks = str(item['content:encoded']).replace(/<!--\s*\/?wp:[\s\S]*?-->/g, '');
      const shortcodes = stripWordPressShortcodes(withoutBlocks);
      // WordPress stores paragraphs as blank lines (wpautop); keep them as paragraphs. Code keeps its
      // blank lines: a <pre> (a code shortcode's too) is never cut into paragraphs (issue 49 #2).
      const paragraphs = /<(p|div|h\d|ul|ol|figure|blockquote)\b/i.test(shortcodes.text.replace(/<pre\b[\s\S]*?<\/pre>/gi, ''))
        ? shortcodes.text
        : shortcodes.text
            .split(/(<pre\b[\s\S]*?<\/pre>)/i)
            .flatMap((piece) => (/^<pre\b/i.test(piece) ? [piece] : piece.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean).map((p) => `<p>${p}</p>`)))
            .join('');
      const { html, body, warnings: rendering } = await renderArticleHtml(paragraphs, 'html');
      if (!html.trim()) throw new Error('the post has no content');
      const terms = item.category ?? [];
      const names = (domain: string) => terms.filter((c) => c['@_domain'] === domain).map((c) => decodeEntities(str(c['#text']))).filter((n) => n && n !== 'Uncategorized');
      const thumbnailId = str(item['wp:postmeta']?.find((m) => str(m['wp:meta_key']) === '_thumbnail_id')?.['wp:meta_value']);
      const imageUrl = thumbnailId ? attachments.get(thumbnailId) : undefined;
      const warnings = [...notes, ...removedTagsNote(shortcodes.removed), ...rendering];
      if (thumbnailId && !imageUrl) warnings.push(`The featured image (attachment ${thumbnailId}) is not in the export`);
      // Drafts carry 0000-00-00 00:00:00 as their GMT date; their local date is all there is.
      const gmt = str(item['wp:post_date_gmt']);
      // A time without a zone is UTC (parse-date.ts); a date that is none needs one (issue 49 #6).
      const publishDate = articleDate(gmt && !gmt.startsWith('0000') ? gmt : str(item['wp:post_date']), warnings);
      const password = Boolean(str(item['wp:post_password']));
      if (password) warnings.push('Password-protected in WordPress: imported unpublished (the password is not carried over)');
      if (status === 'private') warnings.push('Private in WordPress: imported unpublished');
      if (status === 'future') warnings.push('Scheduled in WordPress: imported unpublished, with its date');
      const login = str(item['dc:creator']);
      const link = pathOf(str(item.link), site);
      out.candidates.push({
        file: label,
        title: fitTitle(decodeEntities(str(item.title)) || 'Untitled', warnings),
        html,
        body,
        excerpt: excerptFrom(str(item['excerpt:encoded']).replace(/<[^>]*>/g, '') || undefined, html),
        author: (authors.get(login) || login || undefined)?.slice(0, 100),
        terms: { categories: names('category'), tags: names('post_tag') },
        membershipRequired: 'free',
        publishDate,
        published: status === 'publish' && !password && publishDate !== null,
        sourceSlug: slugify(slug || str(item.title)) || str(item['wp:post_id']),
        image: imageUrl ? { url: imageUrl } : undefined,
        sourceSite: site,
        // Its permalink, and the ?p= address WordPress answers for every post.
        oldAddresses: [...(link ? [link] : []), ...(str(item['wp:post_id']) ? [`/?p=${str(item['wp:post_id'])}`] : [])],
        warnings,
      });
    } catch (err) {
      out.errors.push({ file: label, message: (err as Error).message });
    }
  }
  const words: Record<string, string> = { page: 'pages', attachment: 'attachments', nav_menu_item: 'menu items', comment: 'comments' };
  for (const [kind, n] of passedOver) {
    if (!n) continue;
    const hint = kind === 'page' ? ' (choose "Include pages" to import them)' : '';
    out.skipped.push({ file, reason: `${n} ${n === 1 ? kind.replace('nav_menu_item', 'menu item') : (words[kind] ?? `${kind} items`)} not imported${hint}` });
  }
  return out;
}
