// A callout: a note, tip or warning set apart from the text. Slug `callout` (stored data).
//
//   { type: 'block', version: 2, format: '',
//     fields: { id: '<unique>', blockName: '', blockType: 'callout', variant: 'note', title: '', content: <LexicalEditorState> } }
//
// `content` is its own small editor state (short formatted text: paragraphs and lists with bold,
// italic, inline code and links). `title` is optional; empty shows the variant's label. GitHub's
// `> [!NOTE]`/`[!TIP]`/`[!WARNING]` (and IMPORTANT → note, CAUTION → warning) map here; Hugo and
// Jekyll notice shortcodes reach the importer as that form.
import type { ElementContent } from 'hast';
import type { BlockContent, PhrasingContent } from 'mdast';
import { lexicalEditorState, type BlockNode, type LexicalEditorState } from '../../content-nodes.ts';
import { blockNodeOf, escapeHtml, isBlank, isElement, selectOptions, type BlockFields, type BodyBlock, type BodyNode } from '../body-block.ts';

export const CALLOUT_VARIANTS = { note: 'Note', tip: 'Tip', warning: 'Warning' } as const;
export type CalloutVariant = keyof typeof CALLOUT_VARIANTS;
type Own = { variant: CalloutVariant; title?: string | null; content: LexicalEditorState };
export type CalloutBlockFields = BlockFields<'callout', Own>;

export function calloutNode(input: { variant: CalloutVariant; title?: string; content: LexicalEditorState; id?: string }): BlockNode<CalloutBlockFields> {
  return blockNodeOf('callout', { id: input.id, variant: input.variant, title: input.title ?? '', content: input.content });
}

const CALLOUT_MARK = /^\s*\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*/i;
const VARIANT_OF_MARK = { NOTE: 'note', IMPORTANT: 'note', TIP: 'tip', WARNING: 'warning', CAUTION: 'warning' } as const;
const LOOK: Record<CalloutVariant, { border: string; background: string }> = {
  note: { border: 'oklch(58.8% 0.158 241.966)', background: 'oklch(97.7% 0.013 236.62)' },
  tip: { border: 'oklch(59.6% 0.145 163.225)', background: 'oklch(97.9% 0.021 166.113)' },
  warning: { border: 'oklch(76.9% 0.188 70.08)', background: 'oklch(98.7% 0.022 95.277)' },
};

export const calloutBlock: BodyBlock<'callout', Own> = {
  slug: 'callout',
  labels: { singular: 'Callout', plural: 'Callouts' },
  fields: [
    { name: 'variant', label: 'Kind', type: 'select', required: true, defaultValue: 'note', options: selectOptions(CALLOUT_VARIANTS) },
    { name: 'title', type: 'text', maxLength: 120, admin: { description: 'Empty: the kind ("Note", "Tip" or "Warning").' } },
    { name: 'content', type: 'richText', required: true, editor: 'short' },
  ],
  toHtml(fields, ctx) {
    const variant = Object.hasOwn(CALLOUT_VARIANTS, fields.variant) ? fields.variant : 'note';
    const title = fields.title?.trim() || CALLOUT_VARIANTS[variant];
    return `<div role="note" data-callout="${variant}"><p><strong>${escapeHtml(title)}</strong></p>${ctx.html(fields.content)}</div>`;
  },
  css: [
    `.prose-article div[data-callout] { margin-block: 1.5rem; border-radius: 0.5rem; border-left: 4px solid; padding-inline: 1.25rem; padding-block: 0.75rem; }`,
    `.prose-article div[data-callout] > :first-child { margin-top: 0; margin-bottom: 0.25rem; }`,
    `.prose-article div[data-callout] > :last-child { margin-bottom: 0; }`,
    ...Object.entries(LOOK).map(([variant, look]) => `.prose-article div[data-callout='${variant}'] { border-color: ${look.border}; background-color: ${look.background}; }`),
  ].join('\n'),
  /** As GitHub writes one (`> [!NOTE]`), its title after the mark on that line (as Obsidian does), its paragraphs and lists below. */
  toMarkdown(fields, ctx) {
    // The mark as written (escaped, `\[!TIP]`, GitHub and Obsidian would not see it), the title as text.
    const mark: PhrasingContent[] = [{ type: 'html', value: `[!${String(fields.variant ?? 'note').toUpperCase()}]` }, ...(fields.title ? [{ type: 'text' as const, value: ` ${String(fields.title)}` }] : [])];
    return [{ type: 'blockquote', children: [{ type: 'paragraph', children: mark }, ...(ctx.blocks(fields.content) as BlockContent[])] }];
  },
  fromHtml: {
    /**
     * GitHub's `> [!NOTE]` quote: text after the mark on its own line is the title (as Obsidian
     * writes it) when more follows, else the content; the content keeps its paragraphs and lists,
     * and whatever else the quote held (a picture, code) follows the callout.
     */
    element(node, _after, ctx) {
      if (!isElement(node, 'blockquote')) return null;
      const kids = node.children.filter((c) => !(c.type === 'text' && isBlank(c)));
      const first = kids[0];
      if (!isElement(first, 'p')) return null;
      const head = first.children[0];
      const m = head?.type === 'text' ? CALLOUT_MARK.exec(head.value) : null;
      if (!m || head?.type !== 'text') return null;
      const variant = VARIANT_OF_MARK[m[1]!.toUpperCase() as keyof typeof VARIANT_OF_MARK];
      const restOfHead = head.value.slice(m[0].length);
      let title = '';
      let lead: ElementContent[];
      const newline = restOfHead.indexOf('\n');
      if (newline >= 0) {
        title = restOfHead.slice(0, newline);
        lead = [{ type: 'text', value: restOfHead.slice(newline + 1) }, ...first.children.slice(1)];
      } else if (isElement(first.children[1], 'br')) {
        title = restOfHead;
        lead = first.children.slice(2);
      } else if (first.children.length === 1 && kids.length > 1) {
        title = restOfHead;
        lead = [];
      } else lead = [{ type: 'text', value: restOfHead }, ...first.children.slice(1)];
      const content = [...ctx.paragraph(lead), ...ctx.blocks(kids.slice(1))];
      const inside = content.filter((b) => b.type === 'paragraph' || b.type === 'list');
      const callout = calloutNode({ variant, title: title.replace(/\s+/g, ' ').trim().slice(0, 200), content: lexicalEditorState(inside) as LexicalEditorState }) as unknown as BodyNode;
      return { nodes: [callout, ...content.filter((b) => !inside.includes(b))], used: 0 };
    },
  },
  sanitize: { attributes: { div: [['dataCallout', ...Object.keys(CALLOUT_VARIANTS)], ['role', 'note']] } },
};
