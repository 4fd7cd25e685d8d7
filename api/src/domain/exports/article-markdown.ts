import yaml from 'js-yaml';
import type { List, ListItem, PhrasingContent, Root, RootContent } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';
import { bodyBlockOf, specialNodeOf, TEXT_FORMAT, toInteractiveData, type CmsArticle, type LexicalEditorState, type NodeMarkdownContext } from '@app/shared/server';
import { slugify } from '../articles/article-candidate.ts';
import { AppError } from '../../lib/app-error.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

/** A Media document as the CMS answers it (the fields the export reads). */
export type ExportedMedia = { id: number; filename: string; alt?: string | null };

/**
 * An article as the CMS answers it at depth 1 (its category, thumbnail and body pictures filled
 * in). A draft may lack any field the CMS otherwise requires: title, category, body.
 */
export type ExportedArticle = {
  id: number;
  title?: string | null;
  excerpt?: string | null;
  author?: string | null;
  category?: { slug: string; title: string } | number | null;
  membershipRequired?: string | null;
  publishDate?: string | null;
  _status?: 'draft' | 'published' | null;
  sourceSlug?: string | null;
  tags?: string[] | null;
  thumbnail?: ExportedMedia | number | null;
  content?: { root?: { children?: unknown[] | null } | null } | null;
  interactiveData?: Record<string, unknown> | null;
  hasInteractiveElements?: boolean | null;
};

/** Where a media file goes in the archive, and the address a body names it by (the site's own /media/ path). */
export const mediaPath = (m: ExportedMedia) => `media/${m.filename}`;
const mediaUrl = (m: ExportedMedia) => `/${mediaPath(m)}`;

type Node = { type: string; [key: string]: unknown };
type Inline = Node & { text?: string; format?: number; fields?: { url?: string }; children?: Node[] };

const media = (v: unknown): ExportedMedia | null => (v && typeof v === 'object' && typeof (v as ExportedMedia).filename === 'string' ? (v as ExportedMedia) : null);

/** The formats the importer reads back as HTML inside Markdown (Markdown has no syntax for them). */
const HTML_FORMATS: [number, string][] = [
  [TEXT_FORMAT.underline, 'ins'],
  [TEXT_FORMAT.subscript, 'sub'],
  [TEXT_FORMAT.superscript, 'sup'],
];

/** One text node as Markdown phrasing: code innermost, then strikethrough, italic, bold; the rest as HTML around it. */
function textPhrasing(text: string, format: number): PhrasingContent[] {
  let inner: PhrasingContent[] = format & TEXT_FORMAT.code ? [{ type: 'inlineCode', value: text }] : [{ type: 'text', value: text }];
  if (format & TEXT_FORMAT.strikethrough) inner = [{ type: 'delete', children: inner }];
  if (format & TEXT_FORMAT.italic) inner = [{ type: 'emphasis', children: inner }];
  if (format & TEXT_FORMAT.bold) inner = [{ type: 'strong', children: inner }];
  for (const [bit, tag] of HTML_FORMATS) if (format & bit) inner = [{ type: 'html', value: `<${tag}>` }, ...inner, { type: 'html', value: `</${tag}>` }];
  return inner;
}

function phrasing(nodes: readonly unknown[]): PhrasingContent[] {
  return (nodes as Inline[]).flatMap((n): PhrasingContent[] => {
    if (n.type === 'text') return textPhrasing(String(n.text ?? ''), Number(n.format ?? 0));
    if (n.type === 'linebreak') return [{ type: 'break' }];
    if (n.type === 'link' || n.type === 'autolink') {
      const url = String((n as { fields?: { url?: string } }).fields?.url ?? '');
      return [{ type: 'link', url, children: phrasing((n.children as unknown[]) ?? []) }];
    }
    return n.children ? phrasing(n.children as unknown[]) : [];
  });
}

/** Inline content as HTML, for the parts written as HTML blocks (a table without a header row). */
function inlineHtml(nodes: readonly unknown[]): string {
  return (nodes as Inline[])
    .map((n) => {
      if (n.type === 'linebreak') return '<br>';
      if (n.type === 'link' || n.type === 'autolink') return `<a href="${escapeHtml(String((n as { fields?: { url?: string } }).fields?.url ?? ''))}">${inlineHtml((n.children as unknown[]) ?? [])}</a>`;
      if (n.type !== 'text') return n.children ? inlineHtml(n.children as unknown[]) : '';
      const format = Number(n.format ?? 0);
      let html = escapeHtml(String(n.text ?? ''));
      const tags: [number, string][] = [[TEXT_FORMAT.code, 'code'], [TEXT_FORMAT.strikethrough, 'del'], [TEXT_FORMAT.italic, 'em'], [TEXT_FORMAT.bold, 'strong'], ...HTML_FORMATS];
      for (const [bit, tag] of tags) if (format & bit) html = `<${tag}>${html}</${tag}>`;
      return html;
    })
    .join('');
}

/** Lexical's inline nodes: what a list item's text is made of (anything else in an item is a block of it). */
const INLINE = new Set(['text', 'linebreak', 'tab', 'link', 'autolink']);

/**
 * A list; a Lexical item holding only a nested list belongs to the item before it. A block inside
 * an item (a code block under "2. Run this:") is written inside it, indented under the item's
 * text, so the importer reads it back inside the same item.
 */
function list(node: Node, pictures: ExportedMedia[]): List {
  const items: ListItem[] = [];
  for (const item of (node.children as Node[]) ?? []) {
    const children = (item.children as Node[]) ?? [];
    const nested = children.filter((c) => c.type === 'list').map((c) => list(c, pictures));
    const own = children.filter((c) => c.type !== 'list');
    const previous = items.at(-1);
    if (own.length === 0 && nested.length && previous) {
      previous.children.push(...nested);
      continue;
    }
    const content: ListItem['children'] = [];
    let run: Node[] = [];
    const flush = () => {
      if (run.length) content.push({ type: 'paragraph', children: phrasing(run) });
      run = [];
    };
    for (const c of own) {
      if (INLINE.has(c.type)) run.push(c);
      else {
        flush();
        content.push(...(blocks(c, pictures) as ListItem['children']));
      }
    }
    flush();
    const checked = node.listType === 'check' ? Boolean(item.checked) : null;
    items.push({ type: 'listItem', spread: false, checked, children: [...(content.length ? content : [{ type: 'paragraph' as const, children: [] }]), ...nested] });
  }
  const ordered = node.listType === 'number';
  return { type: 'list', ordered, start: ordered ? Number(node.start) || 1 : null, spread: false, children: items };
}

/** A node the export has no Markdown for: the export refuses the article rather than leave it out. */
class UnwritableNode extends Error {}

/** Lexical's own nodes that hold others and are written as what they hold (a table's rows and cells are the table's). */
const CONTAINERS = new Set(['root', 'listitem']);

/** What a special node's Markdown may ask: the pictures it shows join the article's. */
const specialContext = (pictures: ExportedMedia[]): NodeMarkdownContext => ({
  phrasing,
  inlineHtml,
  picture(value) {
    const m = media(value);
    if (!m) return null;
    pictures.push(m);
    return { url: mediaUrl(m), alt: m.alt ?? '' };
  },
});

function blocks(node: Node, pictures: ExportedMedia[]): RootContent[] {
  // Each special node writes itself (its module, @app/shared's rich-text/nodes/: pictures, tables).
  const special = specialNodeOf(node.type);
  if (special) return special.toMarkdown(node, specialContext(pictures));
  switch (node.type) {
    case 'paragraph':
      return [{ type: 'paragraph', children: phrasing((node.children as unknown[]) ?? []) }];
    case 'heading':
      return [{ type: 'heading', depth: Number(String(node.tag).slice(1)) as 1 | 2 | 3 | 4 | 5 | 6, children: phrasing((node.children as unknown[]) ?? []) }];
    case 'quote':
      return [{ type: 'blockquote', children: [{ type: 'paragraph', children: phrasing((node.children as unknown[]) ?? []) }] }];
    case 'list':
      return [list(node, pictures)];
    case 'horizontalrule':
      return [{ type: 'thematicBreak' }];
    case 'block': {
      // Each block writes itself (its module, @app/shared's rich-text/blocks/); one no module names is refused, never left out.
      const fields = (node.fields ?? {}) as Record<string, unknown>;
      const block = bodyBlockOf(fields.blockType);
      if (!block) throw new UnwritableNode(`its body holds a block of a kind the export cannot write ("${String(fields.blockType)}")`);
      const nested = (state: LexicalEditorState | null | undefined) => ((state?.root?.children ?? []) as Node[]).flatMap((n) => blocks(n, pictures));
      return block.toMarkdown(fields as never, { blocks: nested });
    }
    default:
      if (CONTAINERS.has(node.type) && node.children) return (node.children as Node[]).flatMap((c) => blocks(c, pictures));
      throw new UnwritableNode(`its body holds a node the export cannot write ("${node.type}")`);
  }
}

/** An article body (the CMS's rich text) as Markdown, and the media files it shows. */
export function bodyMarkdown(content: ExportedArticle['content']): { markdown: string; pictures: ExportedMedia[] } {
  const pictures: ExportedMedia[] = [];
  const tree: Root = { type: 'root', children: (content?.root?.children as Node[] | undefined ?? []).flatMap((n) => blocks(n, pictures)) };
  const markdown = toMarkdown(tree, { extensions: [gfmToMarkdown()], bullet: '-', emphasis: '_', fence: '`', fences: true, rule: '-', listItemIndent: 'one' });
  return { markdown, pictures };
}

/** A body the export cannot write whole refuses the export, naming the article and what it holds (issue 48 #1). */
function refusingUnwritable<T>(a: ExportedArticle, write: () => T): T {
  try {
    return write();
  } catch (err) {
    if (!(err instanceof UnwritableNode)) throw err;
    throw new AppError('conflict', `The content export cannot write article ${a.id} ("${a.title ?? ''}"): ${err.message}. Nothing was exported.`);
  }
}

/**
 * One article as a Markdown file with our front matter (the fields our importer reads back:
 * markdown-article.ts), and the media files it names (its thumbnail, its pictures).
 */
export function articleMarkdown(a: ExportedArticle): { slug: string; text: string; media: ExportedMedia[] } {
  const { markdown, pictures } = refusingUnwritable(a, () => bodyMarkdown(a.content));
  const category = a.category && typeof a.category === 'object' ? a.category : null;
  const thumbnail = media(a.thumbnail);
  const slug = a.sourceSlug || slugify(a.title ?? '') || `article-${a.id}`;
  // As the site reads it (lists of text, not the CMS's rows), which is what the importer takes.
  const interactive = toInteractiveData(a as unknown as CmsArticle) ?? undefined;
  const frontMatter = Object.fromEntries(
    Object.entries({
      // An untitled draft says so (an empty title), and comes back untitled (markdown-article.ts).
      title: a.title ?? '',
      slug,
      category: category?.title,
      categorySlug: category?.slug,
      membershipRequired: a.membershipRequired,
      publishDate: a.publishDate ?? undefined,
      draft: a._status === 'draft' ? true : undefined,
      author: a.author || undefined,
      // An empty excerpt, written out, stays empty (the importer would otherwise take the first paragraph).
      excerpt: a.excerpt || '',
      thumbnail: thumbnail ? mediaUrl(thumbnail) : undefined,
      tags: a.tags?.length ? a.tags : undefined,
      interactive,
    }).filter(([, v]) => v !== undefined && v !== null),
  );
  const text = `---\n${yaml.dump(frontMatter, { lineWidth: -1, noRefs: true })}---\n\n${markdown}`;
  return { slug, text, media: [...(thumbnail ? [thumbnail] : []), ...pictures] };
}
