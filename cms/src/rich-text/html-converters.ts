import {
  BODY_IMAGE_SIZES,
  blockTable,
  codeLanguage,
  mediaUrl,
  TABLE_HEADER,
  type AnyBodyBlock,
  type BlockNode,
  type LexicalEditorState,
  type TableCellNode,
  type TableNode,
  type TableRowNode,
  type UploadNode,
} from '@app/shared/server';
import type { HTMLConverter, HTMLConverters, HTMLConvertersFunction } from '@payloadcms/richtext-lexical/html';
import type { SerializedLexicalNode } from '@payloadcms/richtext-lexical/lexical';
import type { CodeHighlighter } from './highlight-code';

// What the body's own nodes (packages/shared/src/content-nodes.ts) render to: each block by its
// module's toHtml (@app/shared's rich-text/blocks/), pictures and tables here. Payload's default
// converters keep every other node exactly as before; the sanitiser's allow-list
// (ARTICLE_HTML_SCHEMA) admits exactly this markup and nothing more.

/** A Media document as the renderer needs it (the CMS reads them before converting). */
export type BodyMedia = {
  id: number;
  filename?: string | null;
  alt?: string | null;
  mimeType?: string | null;
  width?: number | null;
  height?: number | null;
  sizes?: Record<string, { filename?: string | null; width?: number | null } | undefined> | null;
};

export type RenderContext = {
  highlighter: CodeHighlighter;
  media: ReadonlyMap<number, BodyMedia>;
  /** Upload nodes drawn at once: a picture at the very top of the body is above the fold. */
  eagerUploads: ReadonlySet<string>;
};

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const attr = (name: string, value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '' : ` ${name}="${escapeHtml(String(value))}"`);

/** A block by its module, its nested rich text (a callout's) by these same converters. */
function blockConverter(block: AnyBodyBlock, ctx: RenderContext): HTMLConverter<BlockNode<Record<string, unknown>>> {
  return ({ node, nodesToHTML }) =>
    block.toHtml(node.fields as never, {
      html: (state: LexicalEditorState | null | undefined) => nodesToHTML({ nodes: (state?.root?.children ?? []) as SerializedLexicalNode[] }).join(''),
      highlight: (code, language) => ctx.highlighter.highlight(code, codeLanguage(language)),
    });
}

function upload(ctx: RenderContext): HTMLConverter<UploadNode> {
  return ({ node }) => {
    const id = typeof node.value === 'object' && node.value !== null ? (node.value as { id: number }).id : node.value;
    const doc = ctx.media.get(Number(id));
    const src = doc && mediaUrl(doc);
    if (!doc || !src || !doc.mimeType?.startsWith('image/')) return '';
    const alt = node.fields?.alt?.trim() || doc.alt || '';
    const candidates = Object.values(doc.sizes ?? {})
      .filter((s): s is { filename: string; width: number } => Boolean(s?.filename && s.width && (!doc.width || s.width < doc.width)))
      .sort((a, b) => a.width - b.width)
      .map((s) => `${mediaUrl(s)} ${s.width}w`);
    const srcset = candidates.length && doc.width ? [...candidates, `${src} ${doc.width}w`].join(', ') : null;
    const lazy = !ctx.eagerUploads.has(node.id);
    const caption = node.fields?.caption?.trim();
    return (
      `<figure><img src="${escapeHtml(src)}"${attr('srcset', srcset)}${srcset ? attr('sizes', BODY_IMAGE_SIZES) : ''} alt="${escapeHtml(alt)}"` +
      `${attr('width', doc.width)}${attr('height', doc.height)}${lazy ? ' loading="lazy"' : ''} decoding="async">` +
      (caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : '') +
      '</figure>'
    );
  };
}

/**
 * A table that scrolls on its own on a narrow screen (a focusable, named region, so keyboard
 * users can scroll it too). A first row of header cells is the <thead>; other header cells name
 * their row. A cell of one paragraph holds its text directly.
 */
const table: HTMLConverter<TableNode> = ({ node, nodesToHTML }) => {
  const rows = node.children ?? [];
  const headed = rows.length > 0 && rows[0]!.children.every((c) => (c.headerState & TABLE_HEADER.row) !== 0);
  const renderRow = (row: TableRowNode, inHead: boolean) => `<tr>${row.children.map((cell) => renderCell(cell, inHead)).join('')}</tr>`;
  const renderCell = (cell: TableCellNode, inHead: boolean) => {
    const header = inHead || cell.headerState !== TABLE_HEADER.none;
    const tag = header ? 'th' : 'td';
    const scope = inHead ? ' scope="col"' : header ? ' scope="row"' : '';
    const only = cell.children.length === 1 && cell.children[0]!.type === 'paragraph' ? cell.children[0]! : null;
    const inner = nodesToHTML({ nodes: (only ? only.children : cell.children) as SerializedLexicalNode[] }).join('');
    return `<${tag}${scope}${cell.colSpan > 1 ? ` colspan="${cell.colSpan}"` : ''}${cell.rowSpan > 1 ? ` rowspan="${cell.rowSpan}"` : ''}>${inner}</${tag}>`;
  };
  const head = headed ? `<thead>${renderRow(rows[0]!, true)}</thead>` : '';
  const body = (headed ? rows.slice(1) : rows).map((r) => renderRow(r, false)).join('');
  return `<div role="region" aria-label="Table" tabindex="0"><table>${head}<tbody>${body}</tbody></table></div>`;
};

/** Payload's default converters, with the body's own nodes added and the default table and upload replaced. */
export function contentHtmlConverters(ctx: RenderContext): HTMLConvertersFunction {
  return ({ defaultConverters }) =>
    ({
      ...defaultConverters,
      upload: upload(ctx),
      table,
      blocks: blockTable((block) => blockConverter(block, ctx)),
    }) as HTMLConverters;
}
