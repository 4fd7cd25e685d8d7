// Server-only: the importer's body conversion (issue 40 #2). Imported HTML — sanitized, as hast —
// becomes the stored Lexical shapes of content-nodes.ts, so code, tables, quotes, footnotes,
// pictures and video embeds survive an import instead of being flattened by a generic converter.
// Each block and special node reads itself (its module's `fromHtml`, rich-text/blocks/ and
// rich-text/nodes/: pictures, tables); this file reads Lexical's plain nodes, and asks the blocks
// first, then the special nodes.
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { lexicalEditorState, lexicalParagraph, lexicalText, TEXT_FORMAT, type LexicalInline, type LexicalLinkNode, type LexicalTextNode } from './content-nodes.ts';
import type { BodyNode, ReadContext } from './rich-text/body-block.ts';
import { BODY_BLOCKS, bodyBlockOf } from './rich-text/body-blocks.ts';
import { BODY_NODES } from './rich-text/body-nodes.ts';
import { footnoteHref } from './rich-text/footnote-anchors.ts';

/**
 * A picture's place in an imported body, until the import has made its Media document: the CMS
 * replaces it with an upload node (rich-text/nodes/picture.ts) pointing at `pictures[picture]` of the
 * import (article-import.ts). Only imports carry it; it is never stored.
 */
export type ImportPictureNode = { type: 'import-picture'; version: 1; picture: number; alt: string; caption: string };
/** Where an imported picture comes from, as the body names it. */
export type ImportPictureSource = { src: string; alt: string; caption: string };

type Block = BodyNode;
export type ImportedBody = {
  content: ReturnType<typeof lexicalEditorState<Block>>;
  /** The pictures the body shows, in order; `import-picture` nodes point into this list. */
  pictures: ImportPictureSource[];
  /** Every link's address, for the importer to point links to the old site's own posts at their new pages. */
  links: string[];
  /** What was kept, for the import's report. */
  counts: { codeBlocks: number; tables: number; pictures: number; embeds: number };
};

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const INLINE_FORMATS: Record<string, number> = {
  strong: TEXT_FORMAT.bold, b: TEXT_FORMAT.bold, em: TEXT_FORMAT.italic, i: TEXT_FORMAT.italic, cite: TEXT_FORMAT.italic, dfn: TEXT_FORMAT.italic,
  s: TEXT_FORMAT.strikethrough, del: TEXT_FORMAT.strikethrough, strike: TEXT_FORMAT.strikethrough, u: TEXT_FORMAT.underline, ins: TEXT_FORMAT.underline,
  code: TEXT_FORMAT.code, kbd: TEXT_FORMAT.code, samp: TEXT_FORMAT.code, tt: TEXT_FORMAT.code, sub: TEXT_FORMAT.subscript, sup: TEXT_FORMAT.superscript,
};

const el = (node: RootContent | ElementContent, ...tags: string[]): node is Element => node.type === 'element' && (tags.length === 0 || tags.includes(node.tagName));
const prop = (node: Element, name: string): string => {
  const v = node.properties?.[name];
  return Array.isArray(v) ? v.join(' ') : v === undefined || v === null ? '' : String(v);
};

/** All the text under a node, as written (code keeps its spaces and line breaks). */
function textOf(node: RootContent | ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

function linkNode(url: string, children: LexicalTextNode[]): LexicalLinkNode {
  return { type: 'link', version: 3, fields: { linkType: 'custom', url, newTab: false }, children, direction: 'ltr', format: '', indent: 0 };
}

/** Collapses HTML whitespace in a run of inline nodes and trims it at the block's edges; merges neighbours of one format. */
function tidy(inline: LexicalInline[]): LexicalInline[] {
  const out: LexicalInline[] = [];
  for (const node of inline) {
    if (node.type === 'text') {
      const value = node.format & TEXT_FORMAT.code ? node.text : node.text.replace(/\s+/g, ' ');
      const last = out.at(-1);
      if (last?.type === 'text' && last.format === node.format) last.text += value;
      else if (value) out.push({ ...node, text: value });
    } else if (node.type === 'link') out.push({ ...node, children: tidy(node.children) as LexicalTextNode[] });
    else out.push(node);
  }
  // A line starts and ends where a line break is, as at the block's edges: no space there (HTML
  // draws none; a Markdown hard break leaves its newline in the next line's text).
  out.forEach((node, i) => {
    if (node.type !== 'text' || node.format & TEXT_FORMAT.code) return;
    if (i === 0 || out[i - 1]!.type === 'linebreak') node.text = node.text.replace(/^\s+/, '');
    if (i === out.length - 1 || out[i + 1]!.type === 'linebreak') node.text = node.text.replace(/\s+$/, '');
  });
  return out.filter((n) => n.type !== 'text' || n.text !== '');
}

class Converter {
  pictures: ImportPictureSource[] = [];
  links: string[] = [];
  counts = { codeBlocks: 0, tables: 0, pictures: 0, embeds: 0 };
  /** What a block's or special node's reader may ask (body-block.ts). */
  ctx: ReadContext = {
    blocks: (nodes) => this.blocks(nodes),
    paragraph: (nodes) => this.paragraph(nodes),
    // Pictures in it are read (and fetched) but not placed: a cell holds text only.
    inline: (nodes) => tidy(this.inline(nodes, 0, [])),
    picture: (source) => this.picture(source),
    count: (kind) => void this.counts[kind]++,
    forgetLastLink: () => void this.links.pop(),
  };

  /** Where the converter stands, to read a part again as something else. */
  mark() {
    return { pictures: this.pictures.length, links: this.links.length, counts: { ...this.counts } };
  }
  reset(to: ReturnType<Converter['mark']>) {
    this.pictures.length = to.pictures;
    this.links.length = to.links;
    this.counts = { ...to.counts };
  }

  picture(source: ImportPictureSource): ImportPictureNode {
    this.counts.pictures++;
    this.pictures.push({ ...source });
    return { type: 'import-picture', version: 1, picture: this.pictures.length - 1, alt: source.alt, caption: source.caption };
  }

  /** Inline content; pictures found inline are set aside to follow the block. */
  inline(nodes: ElementContent[], format: number, aside: Block[]): LexicalInline[] {
    const out: LexicalInline[] = [];
    for (const node of nodes) {
      if (node.type === 'text') out.push(lexicalText(node.value, format));
      else if (node.type !== 'element') continue;
      else if (node.tagName === 'br') out.push({ type: 'linebreak', version: 1 });
      else if (this.claimInline(node, aside)) continue;
      else if (node.tagName === 'a') {
        const href = prop(node, 'href');
        const children = this.inline(node.children, format, aside).filter((c): c is LexicalTextNode => c.type === 'text');
        // A footnote's mark and its way back stay links, both ways (the page gives them their anchors:
        // rich-text/footnote-anchors.ts); the mark is a superscript number. Other in-page links are their text.
        const footnote = footnoteHref(href);
        if (footnote) {
          const mark = footnote.startsWith('#fn-') ? children.map((c) => ({ ...c, format: c.format | TEXT_FORMAT.superscript })) : children;
          out.push(linkNode(footnote, mark.length ? mark : [lexicalText('↩', format)]));
        } else if (!href || href.startsWith('#')) out.push(...children);
        else {
          this.links.push(href);
          out.push(linkNode(href, children.length ? children : [lexicalText(href, format)]));
        }
      } else out.push(...this.inline(node.children, format | (INLINE_FORMATS[node.tagName] ?? 0), aside));
    }
    return out;
  }

  /**
   * A paragraph-like run of inline content, followed by the pictures it held. Only a paragraph of
   * its own (no `make`: not a heading, a quote's line or a list item's text) may be claimed whole
   * by a block (issue 49 #5: a heading that is a video's address stays a heading with its link).
   */
  paragraph(nodes: ElementContent[], make?: (inline: LexicalInline[]) => Block): Block[] {
    const aside: Block[] = [];
    const inline = tidy(this.inline(nodes, 0, aside));
    // A paragraph a block claims whole (one that is only a video's address is the video).
    if (aside.length === 0 && !make) {
      for (const block of BODY_BLOCKS) {
        const claimed = block.fromHtml.inline?.(inline, this.ctx);
        if (claimed) return claimed;
      }
    }
    return [...(inline.length ? [(make ?? (lexicalParagraph as (i: LexicalInline[]) => Block))(inline)] : []), ...aside];
  }

  /**
   * A list, one list whatever its items hold. A code block written inside an item (a fence
   * indented under "2. Run this:") stays a block inside that item (issue 49 #2), after the item's
   * text and before whatever text follows it: Lexical's list item stores a block among its
   * children, the editor shows it there and the page draws it inside the `<li>`. Every line of
   * the code stays a code block's; nothing of it becomes inline code. Items are numbered as
   * Lexical numbers them: an item that only holds a nested list takes no number of its own.
   */
  list(node: Element): Block[] {
    const ordered = node.tagName === 'ol';
    const items: Block[] = [];
    const start = Number(prop(node, 'start')) || 1;
    let value = start;
    const item = (children: unknown[], nested = false) => items.push({ type: 'listitem', version: 1, value: nested ? value : value++, children, direction: 'ltr', format: '', indent: 0 } as Block);
    for (const li of node.children.filter((c): c is Element => el(c, 'li'))) {
      const nested = li.children.filter((c): c is Element => el(c, 'ul', 'ol'));
      const own = li.children.filter((c) => !(c.type === 'element' && ['ul', 'ol', 'input'].includes(c.tagName)));
      const children: unknown[] = [];
      // A loose list item holds paragraphs: their text runs on with line breaks.
      let parts: ElementContent[] = [];
      const flush = () => {
        if (parts.length) children.push(...tidy(this.inline(parts, 0, [])));
        parts = [];
      };
      for (const c of own) {
        if (c.type === 'element' && c.tagName === 'pre') {
          flush();
          children.push(...(this.claim(c, [])?.nodes ?? []));
          continue;
        }
        // The line ends around a loose item's paragraphs and blocks are no text of the item's.
        const blank = (n: ElementContent) => n.type === 'text' && !n.value.trim();
        if (blank(c) && parts.every(blank)) continue;
        const paragraph = c.type === 'element' && c.tagName === 'p';
        if (paragraph && parts.length) parts.push({ type: 'element', tagName: 'br', properties: {}, children: [] });
        parts.push(...(paragraph ? c.children : [c]));
      }
      flush();
      item(children);
      for (const n of nested) for (const inner of this.list(n)) item([inner], true);
    }
    if (!items.length) return [];
    return [{ type: 'list', version: 1, listType: ordered ? 'number' : 'bullet', start, tag: ordered ? 'ol' : 'ul', children: items, direction: 'ltr', format: '', indent: 0 }];
  }

  /** A quote; a code block inside it (a fence under "> ") splits it and stays a block (a quote holds text only). */
  quote(node: Element): Block[] {
    const out: Block[] = [];
    let parts: ElementContent[] = [];
    const quoteOf = (inline: LexicalInline[]): Block => ({ type: 'quote', version: 1, children: inline, direction: 'ltr', format: '', indent: 0 });
    for (const c of node.children) {
      if (c.type === 'element' && c.tagName === 'pre') {
        out.push(...this.paragraph(parts, quoteOf), ...(this.claim(c, [])?.nodes ?? []));
        parts = [];
        continue;
      }
      if (c.type !== 'element') {
        // The line ends between a quote's paragraphs are not its text.
        if (c.type !== 'text' || c.value.trim()) parts.push(c);
        continue;
      }
      if (parts.length) parts.push({ type: 'element', tagName: 'br', properties: {}, children: [] });
      parts.push(...(c.tagName === 'p' || c.tagName === 'div' ? c.children : [c]));
    }
    return [...out, ...this.paragraph(parts, quoteOf)];
  }

  /** The first block that claims the element (in the list's order), with the siblings it used; else the first special node. */
  claim(node: Element, after: ElementContent[]): { nodes: Block[]; used: number } | null {
    for (const block of BODY_BLOCKS) {
      const claimed = block.fromHtml.element?.(node, after, this.ctx);
      if (claimed) return claimed;
    }
    for (const special of BODY_NODES) {
      const nodes = special.fromHtml.element?.(node, this.ctx);
      if (nodes) return { nodes, used: 0 };
    }
    return null;
  }

  /** An element of inline content a special node claims (a picture), set aside to follow the block. */
  claimInline(node: Element, aside: Block[]): boolean {
    for (const special of BODY_NODES) {
      const claimed = special.fromHtml.inlineElement?.(node, this.ctx);
      if (claimed) return aside.push(claimed) > 0;
    }
    return false;
  }

  /** A block a caption belongs to (a video), captioned; or what the figure holds (a figure of a picture is the picture's: rich-text/nodes/picture.ts). */
  figure(node: Element): Block[] {
    const caption = node.children.find((c): c is Element => el(c, 'figcaption'));
    const captionText = caption ? textOf(caption).replace(/\s+/g, ' ').trim() : '';
    const before = this.mark();
    const inner = this.blocks(node.children.filter((c) => c !== caption));
    const only = inner.length === 1 ? inner[0]! : null;
    const fields = only?.type === 'block' ? (only.fields as { blockType?: unknown }) : null;
    const captioned = fields ? bodyBlockOf(fields.blockType)?.fromHtml.caption : undefined;
    if (only && fields && captioned) return [{ ...only, fields: captioned(fields as never, captionText) }];
    this.reset(before);
    return this.blocks(node.children);
  }

  blocks(nodes: (RootContent | ElementContent)[]): Block[] {
    const out: Block[] = [];
    let run: ElementContent[] = [];
    const flush = () => {
      if (run.length) out.push(...this.paragraph(run));
      run = [];
    };
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i]!;
      if (node.type === 'text' || (node.type === 'element' && isInline(node))) {
        run.push(node as ElementContent);
        continue;
      }
      if (node.type !== 'element') continue;
      flush();
      const claimed = this.claim(node, nodes.slice(i + 1) as ElementContent[]);
      if (claimed) {
        out.push(...claimed.nodes);
        i += claimed.used;
        continue;
      }
      const tag = node.tagName;
      if (tag === 'p') out.push(...this.paragraph(node.children));
      else if (HEADINGS.has(tag)) {
        const level = tag === 'h1' ? 'h2' : tag;
        out.push(...this.paragraph(node.children, (inline) => ({ type: 'heading', version: 1, tag: level, children: inline, direction: 'ltr', format: '', indent: 0 })));
      } else if (tag === 'ul' || tag === 'ol') out.push(...this.list(node));
      else if (tag === 'blockquote') out.push(...this.quote(node));
      else if (tag === 'hr') out.push({ type: 'horizontalrule', version: 1 });
      else if (tag === 'figure') out.push(...this.figure(node));
      else out.push(...this.blocks(node.children));
    }
    flush();
    return out;
  }
}

const INLINE_TAGS = new Set(['a', 'abbr', 'b', 'br', 'cite', 'code', 'del', 'dfn', 'em', 'i', 'ins', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'time', 'tt', 'u', 'var', 'img']);
const isInline = (node: Element) => INLINE_TAGS.has(node.tagName);
/**
 * A sanitized HTML tree as an article body: paragraphs, headings (an `h1` becomes `h2`: the page's
 * title is its `h1`), lists, quotes (GitHub's `[!NOTE]` ones as callouts), code blocks with their
 * language and every character, tables, rules, footnotes (marks as superscript links to their notes, notes as
 * a list), pictures (with alt text and a caption from `figcaption` or their title) as
 * `import-picture` slots, paragraphs that are only a YouTube or Vimeo address as embeds, and
 * whatever else a block's module claims (rich-text/blocks/).
 */
export function lexicalFromHast(tree: Root): ImportedBody {
  const c = new Converter();
  return { content: lexicalEditorState(c.blocks(tree.children)), pictures: c.pictures, links: c.links, counts: c.counts };
}
