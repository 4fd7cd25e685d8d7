// The rich-text nodes an article body may hold beyond Payload's defaults (issue 40 #1), as they
// are STORED in the CMS (the `content` field's Lexical JSON). The CMS's editor writes exactly
// these, the CMS's save hook renders them to HTML (cms/src/rich-text/), and the importer builds
// them from Markdown and HTML. Keep the shapes stable: a change here is a change of stored data
// (commit it with a message starting "content-nodes:").
//
// The blocks (code, embed, callout…) each describe their stored shape in their own module,
// rich-text/blocks/<slug>.ts, beside every other direction of them (issue 48 #1). Nodes
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
// Picture: Payload's upload node (UploadFeature), pointing at a Media document.
//
//   { type: 'upload', version: 3, format: '', id: '<unique>', relationTo: 'media', value: 42,
//     fields: { caption: 'Optional caption', alt: '' } }
//
// `value` is the Media document's id (the importer creates the Media document first, with its
// `alt` text). `fields.alt` overrides the Media's alt for this use (empty: the Media's alt);
// `fields.caption` is optional plain text shown under the picture. Rendered as a <figure> with
// srcset from the Media's image sizes, lazy unless it opens the body.

export type UploadNodeFields = { caption?: string | null; alt?: string | null };
export type UploadNode = { type: 'upload'; version: 3; format: ''; id: string; relationTo: 'media'; value: number; fields: UploadNodeFields };

// ---------------------------------------------------------------------------------------------
// Table: Lexical's table nodes (EXPERIMENTAL_TableFeature).
//
//   { type: 'table', version: 1, direction: null, format: '', indent: 0, children: [
//     { type: 'tablerow', version: 1, direction: null, format: '', indent: 0, children: [
//       { type: 'tablecell', version: 1, direction: null, format: '', indent: 0, headerState: 1, colSpan: 1, rowSpan: 1,
//         backgroundColor: null, children: [ <paragraph> ] } ] } ] }
//
// Every cell holds at least one paragraph. `headerState` (TABLE_HEADER): a first row of
// ROW-header cells becomes the table's <thead>; COLUMN headers (a first column) are row headers.

export const TABLE_HEADER = { none: 0, row: 1, column: 2, both: 3 } as const;
export type TableCellNode = {
  type: 'tablecell';
  version: 1;
  children: LexicalParagraph[];
  direction: 'ltr' | null;
  format: '';
  indent: 0;
  headerState: number;
  colSpan: number;
  rowSpan: number;
  backgroundColor: null;
  width?: number;
};
export type TableRowNode = { type: 'tablerow'; version: 1; children: TableCellNode[]; direction: 'ltr' | null; format: ''; indent: 0; height?: number };
export type TableNode = { type: 'table'; version: 1; children: TableRowNode[]; direction: 'ltr' | null; format: ''; indent: 0; colWidths?: number[] };

// ---------------------------------------------------------------------------------------------
// Builders: the shapes above, for the importer and tests. `id` defaults to a random one.

export type BlockNode<F> = { type: 'block'; version: 2; format: ''; fields: F };

const newId = () => crypto.randomUUID().replaceAll('-', '').slice(0, 24);

export const lexicalText = (value: string, format = 0): LexicalTextNode => ({ type: 'text', version: 1, text: value, format, detail: 0, mode: 'normal', style: '' });

export const lexicalParagraph = (children: LexicalInline[]): LexicalParagraph => ({ type: 'paragraph', version: 1, children, direction: children.length ? 'ltr' : null, format: '', indent: 0, textFormat: 0, textStyle: '' });

export const lexicalEditorState = <T>(children: T[]): LexicalEditorState<T> => ({ root: { type: 'root', version: 1, children, direction: children.length ? 'ltr' : null, format: '', indent: 0 } });

export function uploadNode(input: { mediaId: number; caption?: string; alt?: string; id?: string }): UploadNode {
  return { type: 'upload', version: 3, format: '', id: input.id ?? newId(), relationTo: 'media', value: input.mediaId, fields: { caption: input.caption ?? '', alt: input.alt ?? '' } };
}

/** A table from rows of cells (each cell its inline content); `headerRow` makes the first row the header. */
export function tableNode(rows: LexicalInline[][][], { headerRow = false }: { headerRow?: boolean } = {}): TableNode {
  const row = (cells: LexicalInline[][], header: boolean): TableRowNode => ({
    type: 'tablerow',
    version: 1,
    direction: null,
    format: '',
    indent: 0,
    children: cells.map((inline) => ({
      type: 'tablecell',
      version: 1,
      direction: null,
      format: '',
      indent: 0,
      headerState: header ? TABLE_HEADER.row : TABLE_HEADER.none,
      colSpan: 1,
      rowSpan: 1,
      backgroundColor: null,
      children: [lexicalParagraph(inline)],
    })),
  });
  return { type: 'table', version: 1, direction: null, format: '', indent: 0, children: rows.map((cells, i) => row(cells, headerRow && i === 0)) };
}
