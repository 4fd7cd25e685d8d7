import { XMLParser } from 'fast-xml-parser';
import { AppError } from '../../lib/app-error.ts';
import { decodeEntities, excerptFrom, fitTitle, slugify } from './article-candidate.ts';
import { toIsoDate } from './parse-date.ts';
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
  let channel: WxrChannel;
  try {
    channel = (parser.parse(xml) as { rss?: { channel?: WxrChannel } }).rss?.channel ?? {};
  } catch {
    throw new AppError('bad_request', `"${file}" is not a readable WordPress export.`);
  }
  const items = channel.item ?? [];
  const authors = new Map((channel['wp:author'] ?? []).map((a) => [str(a['wp:author_login']), str(a['wp:author_display_name'])]));
  const attachments = new Map(items.filter((i) => str(i['wp:post_type']) === 'attachment').map((i) => [str(i['wp:post_id']), str(i['wp:attachment_url'])]));
  const out: ReadOutcome = { candidates: [], errors: [], skipped: [] };
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
      const publishDate = gmt && !gmt.startsWith('0000') ? toIsoDate(`${gmt.replace(' ', 'T')}Z`) : toIsoDate(str(item['wp:post_date']));
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
        published: status === 'publish' && !password,
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
