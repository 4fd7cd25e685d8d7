// A quote with its attribution: who said it and, optionally, where. Slug `quotation` (stored data;
// Lexical's own `quote` node stays the plain quote without one).
//
//   { type: 'block', version: 2, format: '',
//     fields: { id: '<unique>', blockName: '', blockType: 'quotation', content: <LexicalEditorState>, author: 'Ada Lovelace', source: 'Notes' } }
//
// `content` is short formatted text (paragraphs and lists); `author` is required (a quote
// without one is Lexical's quote); `source` is the work quoted, optional. HTML as the HTML
// standard attributes a quote: <figure><blockquote>…</blockquote><figcaption>— Author,
// <cite>Source</cite></figcaption></figure>. Markdown: the quote, then a line "— Author, _Source_"
// (docs/decisions.md).
import type { Element, ElementContent } from 'hast';
import type { BlockContent, PhrasingContent } from 'mdast';
import { lexicalEditorState, type LexicalEditorState } from '../../content-nodes.ts';
import { blockNodeOf, escapeHtml, isBlank, isElement, textOf, type BodyBlock, type BodyNode, type ReadContext } from '../body-block.ts';

type Own = { content: LexicalEditorState; author: string; source?: string | null };

// An attribution opens with a dash: the em dash, or the quotation dash (U+2015).
const DASH = /^\s*[\u2014\u2015]\s*/;

/** "— Author, <cite>Source</cite>" (the dash optional in a figure's caption): the source is the work set in italics after a comma. */
function attribution(nodes: ElementContent[], dash: 'required' | 'optional'): { author: string; source: string } | null {
  const kids = nodes.filter((n) => !isBlank(n));
  const last = kids.at(-1);
  const before = kids.slice(0, -1).map(textOf).join('');
  const cited = isElement(last, 'cite', 'em', 'i') && /,\s*$/.test(before);
  const text = (cited ? before : kids.map(textOf).join('')).replace(/\s+/g, ' ');
  if (dash === 'required' && !DASH.test(text)) return null;
  const author = text.replace(DASH, '').replace(/,\s*$/, '').trim();
  const source = cited ? textOf(last!).replace(/\s+/g, ' ').trim() : '';
  if (!author) return source ? { author: source, source: '' } : null;
  return { author, source };
}

/** The quote's own paragraphs and lists; whatever else it held (a picture, code) follows it. */
function quoted(blockquote: Element, ctx: ReadContext, by: { author: string; source: string }): BodyNode[] {
  const content = ctx.blocks(blockquote.children);
  const inside = content.filter((b) => b.type === 'paragraph' || b.type === 'list');
  const node = blockNodeOf('quotation', { content: lexicalEditorState(inside) as LexicalEditorState, author: by.author.slice(0, 120), source: by.source.slice(0, 200) });
  return [node as unknown as BodyNode, ...content.filter((b) => !inside.includes(b))];
}

export const quotationBlock: BodyBlock<'quotation', Own> = {
  slug: 'quotation',
  labels: { singular: 'Quote with attribution', plural: 'Quotes with attribution' },
  fields: [
    { name: 'content', label: 'Quote', type: 'richText', required: true, editor: 'short' },
    { name: 'author', label: 'Who said it', type: 'text', required: true, maxLength: 120 },
    { name: 'source', label: 'Where', type: 'text', maxLength: 200, admin: { description: 'The book, talk or article it comes from (optional), shown in italics.' } },
  ],
  toHtml(fields, ctx) {
    const source = fields.source?.trim();
    return `<figure><blockquote>${ctx.html(fields.content)}</blockquote><figcaption>— ${escapeHtml(fields.author.trim())}${source ? `, <cite>${escapeHtml(source)}</cite>` : ''}</figcaption></figure>`;
  },
  // Set apart more than a plain quote: larger, a brand-coloured rule, the attribution beneath it, left-aligned.
  css: `.prose-article figure > blockquote { margin: 0; border-left: 4px solid #4f46e5; padding-left: 1.25rem; font-size: 1.25rem; line-height: 1.75rem; font-style: italic; color: oklch(27.9% 0.041 260.031); }
.prose-article figure > blockquote > :first-child { margin-top: 0; }
.prose-article figure > blockquote > :last-child { margin-bottom: 0; }
.prose-article figure > blockquote + figcaption { margin-top: 0.75rem; padding-left: calc(1.25rem + 4px); text-align: left; font-size: 1rem; line-height: 1.5rem; color: oklch(44.6% 0.043 257.281); }`,
  toMarkdown(fields, ctx) {
    const source = fields.source?.trim();
    const line: PhrasingContent[] = [{ type: 'text', value: `— ${fields.author.trim()}` }, ...(source ? [{ type: 'text' as const, value: ', ' }, { type: 'emphasis' as const, children: [{ type: 'text' as const, value: source }] }] : [])];
    return [{ type: 'blockquote', children: ctx.blocks(fields.content) as BlockContent[] }, { type: 'paragraph', children: line }];
  },
  fromHtml: {
    element(node, after, ctx) {
      // <figure><blockquote>…</blockquote><figcaption>— Author, <cite>Source</cite></figcaption></figure>
      if (isElement(node, 'figure')) {
        const kids = node.children.filter((c) => !isBlank(c));
        const quote = kids.find((c) => isElement(c, 'blockquote'));
        const caption = kids.find((c) => isElement(c, 'figcaption'));
        const by = kids.length === 2 && quote && caption ? attribution(caption.children, 'optional') : null;
        return by ? { nodes: quoted(quote as Element, ctx, by), used: 0 } : null;
      }
      // A quote, then a paragraph "— Author, _Source_".
      if (!isElement(node, 'blockquote')) return null;
      const next = after.findIndex((c) => !isBlank(c));
      const line = after[next];
      const by = isElement(line, 'p') ? attribution(line.children, 'required') : null;
      return by ? { nodes: quoted(node, ctx, by), used: next + 1 } : null;
    },
  },
  sanitize: { tagNames: ['figure', 'figcaption', 'cite'] },
};
