// A table: Lexical's table nodes (EXPERIMENTAL_TableFeature).
//
//   { type: 'table', version: 1, direction: null, format: '', indent: 0, children: [
//     { type: 'tablerow', version: 1, direction: null, format: '', indent: 0, children: [
//       { type: 'tablecell', version: 1, direction: null, format: '', indent: 0, headerState: 1, colSpan: 1, rowSpan: 1,
//         backgroundColor: null, children: [ <paragraph> ] } ] } ] }
//
// Every cell holds at least one paragraph. `headerState` (TABLE_HEADER): a first row of
// ROW-header cells becomes the table's <thead>; COLUMN headers (a first column) are row headers.
// Rows and cells are the table's own: they are written and read only as part of it.
import type { Element } from 'hast';
import type { Html, Table, TableRow } from 'mdast';
import { lexicalParagraph, type LexicalInline, type LexicalParagraph } from '../../content-nodes.ts';
import { isElement, type BodyNode } from '../body-block.ts';
import type { SpecialNode } from '../special-node.ts';

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

/** A cell's paragraphs as one run of inline content (line breaks between them). */
function cellInline(cell: TableCellNode): unknown[] {
  const paragraphs = (cell.children ?? []).map((p) => (p.children as unknown[]) ?? []);
  return paragraphs.flatMap((p, i) => (i === 0 ? p : [{ type: 'linebreak' }, ...p]));
}

const SLATE_200 = 'oklch(92.9% 0.013 255.508)';
const SLATE_900 = 'oklch(20.8% 0.042 265.755)';

export const tableNodeModule: SpecialNode<'table', TableNode> = {
  type: 'table',
  editor: { feature: 'table' },
  /**
   * A table that scrolls on its own on a narrow screen (a focusable, named region, so keyboard
   * users can scroll it too). A first row of header cells is the <thead>; other header cells name
   * their row. A cell of one paragraph holds its text directly.
   */
  toHtml(node, ctx) {
    const rows = node.children ?? [];
    const headed = rows.length > 0 && rows[0]!.children.every((c) => (c.headerState & TABLE_HEADER.row) !== 0);
    const renderCell = (cell: TableCellNode, inHead: boolean) => {
      const header = inHead || cell.headerState !== TABLE_HEADER.none;
      const tag = header ? 'th' : 'td';
      const scope = inHead ? ' scope="col"' : header ? ' scope="row"' : '';
      const only = cell.children.length === 1 && cell.children[0]!.type === 'paragraph' ? cell.children[0]! : null;
      const inner = ctx.html(only ? only.children : cell.children);
      return `<${tag}${scope}${cell.colSpan > 1 ? ` colspan="${cell.colSpan}"` : ''}${cell.rowSpan > 1 ? ` rowspan="${cell.rowSpan}"` : ''}>${inner}</${tag}>`;
    };
    const renderRow = (row: TableRowNode, inHead: boolean) => `<tr>${row.children.map((cell) => renderCell(cell, inHead)).join('')}</tr>`;
    const head = headed ? `<thead>${renderRow(rows[0]!, true)}</thead>` : '';
    const body = (headed ? rows.slice(1) : rows).map((r) => renderRow(r, false)).join('');
    return `<div role="region" aria-label="Table" tabindex="0"><table>${head}<tbody>${body}</tbody></table></div>`;
  },
  // Wide tables scroll inside their box.
  css: `.prose-article div[role='region']:focus-visible { outline: 2px solid #4f46e5; outline-offset: 2px; }
.prose-article div[role='region'] { margin-block: 1.5rem; overflow-x: auto; border-radius: 0.5rem; border: 1px solid ${SLATE_200}; }
.prose-article table { width: 100%; border-collapse: collapse; text-align: left; font-size: 1rem; line-height: 1.5rem; }
.prose-article th, .prose-article td { border-top: 1px solid ${SLATE_200}; padding: 0.5rem 1rem; vertical-align: top; }
.prose-article thead th { border-top-width: 0; background-color: oklch(98.4% 0.003 247.858); font-weight: 600; color: ${SLATE_900}; }
.prose-article tbody th { font-weight: 600; color: ${SLATE_900}; }`,
  /**
   * GitHub's Markdown table when its first row is the header and no cell breaks a line;
   * otherwise HTML (one block, no blank line inside), which the importer reads the same way.
   */
  toMarkdown(node, ctx) {
    const rows = (node.children ?? []).map((r) => r.children ?? []);
    const header = rows[0]?.length ? rows[0].every((c) => (Number(c.headerState) & TABLE_HEADER.row) !== 0) : false;
    const cells = rows.map((r) => r.map(cellInline));
    const breaks = cells.some((r) => r.some((c) => (c as { type: string }[]).some((n) => n.type === 'linebreak')));
    const even = rows.every((r) => r.length === rows[0]!.length);
    if (header && !breaks && even) {
      const table: Table = { type: 'table', align: rows[0]!.map(() => null), children: cells.map((r): TableRow => ({ type: 'tableRow', children: r.map((c) => ({ type: 'tableCell', children: ctx.phrasing(c) })) })) };
      return [table];
    }
    const html = cells.map((r, i) => `<tr>${r.map((c) => (header && i === 0 ? `<th>${ctx.inlineHtml(c)}</th>` : `<td>${ctx.inlineHtml(c)}</td>`)).join('')}</tr>`);
    const [head, ...body] = header ? html : ['', ...html];
    const block: Html = { type: 'html', value: `<table>${head ? `<thead>${head}</thead>` : ''}<tbody>${body.join('')}</tbody></table>` };
    return [block];
  },
  fromHtml: {
    // Its rows, in head, bodies and foot; a first row of header cells (or a head) is the header row.
    element(node, ctx) {
      if (!isElement(node, 'table')) return null;
      const rows: Element[] = [];
      const collect = (n: Element) => n.children.forEach((c) => (isElement(c, 'tr') ? rows.push(c) : isElement(c, 'thead', 'tbody', 'tfoot') ? collect(c) : undefined));
      collect(node);
      const headerRow = rows[0] !== undefined && (rows[0].children.filter((c) => isElement(c)).every((c) => isElement(c, 'th')) || node.children.some((c) => isElement(c, 'thead')));
      ctx.count('tables');
      const cells = rows.map((r) => r.children.filter((c): c is Element => isElement(c, 'td', 'th')).map((cell) => ctx.inline(cell.children)));
      return [tableNode(cells, { headerRow }) as unknown as BodyNode];
    },
  },
  sanitize: { attributes: { div: [['role', 'region'], 'ariaLabel'] } },
};
