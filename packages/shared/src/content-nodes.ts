// The rich-text nodes an article body may hold beyond Payload's defaults (issue 40 #1), as they
// are STORED in the CMS (the `content` field's Lexical JSON). The CMS's editor writes exactly
// these, the CMS's save hook renders them to HTML (cms/src/rich-text/), and the importer builds
// them from Markdown and HTML. Keep the shapes stable: a change here is a change of stored data
// (commit it with a message starting "content-nodes:").
//
// The blocks (code, embed, callout…) each describe their stored shape in their own module,
// rich-text/blocks/<slug>.ts, beside every other direction of them (issue 48 #1), and so do the
// special nodes, Lexical's own that are the body's own (pictures, tables: rich-text/nodes/). Nodes
// this file does not describe (paragraph, heading, list, quote, link, text, linebreak,
// horizontalrule) are Lexical's and Payload's own; their shapes are those of
// @payloadcms/richtext-lexical 3.90 and are rendered as they always were.

// ---------------------------------------------------------------------------------------------
// Lexical's own building blocks (the subset the new nodes use)

/** Lexical text format bits (a text node's `format`): combine with `|`. */
export const TEXT_FORMAT = { bold: 1, italic: 2, strikethrough: 4, underline: 8, code: 16, subscript: 32, superscript: 64 } as const;

export type LexicalTextNode = { type: 'text'; version: 1; text: string; format: number; detail: 0; mode: 'normal'; style: '' };
export type LexicalLinkNode = {
  type: 'link';
  version: 3;
  fields: { linkType: 'custom'; url: string; newTab: boolean };
  children: LexicalTextNode[];
  direction: 'ltr' | null;
  format: '';
  indent: 0;
  id?: string;
};
export type LexicalInline = LexicalTextNode | LexicalLinkNode | { type: 'linebreak'; version: 1 };
export type LexicalParagraph = { type: 'paragraph'; version: 1; children: LexicalInline[]; direction: 'ltr' | null; format: ''; indent: 0; textFormat: 0; textStyle: '' };
/** A whole editor state, as stored in a richText field (and in a block's short rich text, a callout's `content`). */
export type LexicalEditorState<TChild = unknown> = { root: { type: 'root'; version: 1; children: TChild[]; direction: 'ltr' | null; format: ''; indent: 0 } };

// ---------------------------------------------------------------------------------------------
// Builders: the shapes above, for the importer, the blocks and tests.

export type BlockNode<F> = { type: 'block'; version: 2; format: ''; fields: F };

export const lexicalText = (value: string, format = 0): LexicalTextNode => ({ type: 'text', version: 1, text: value, format, detail: 0, mode: 'normal', style: '' });

export const lexicalParagraph = (children: LexicalInline[]): LexicalParagraph => ({ type: 'paragraph', version: 1, children, direction: children.length ? 'ltr' : null, format: '', indent: 0, textFormat: 0, textStyle: '' });

export const lexicalEditorState = <T>(children: T[]): LexicalEditorState<T> => ({ root: { type: 'root', version: 1, children, direction: children.length ? 'ltr' : null, format: '', indent: 0 } });
