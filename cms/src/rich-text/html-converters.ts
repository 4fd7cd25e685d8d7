import { blockTable, codeLanguage, nodeTable, type AnyBodyBlock, type AnySpecialNode, type BlockNode, type BodyMedia, type LexicalEditorState } from '@app/shared/server';
import type { HTMLConverter, HTMLConverters, HTMLConvertersFunction } from '@payloadcms/richtext-lexical/html';
import type { SerializedLexicalNode } from '@payloadcms/richtext-lexical/lexical';
import type { CodeHighlighter } from './highlight-code';

// What the body's own nodes render to: each block and special node by its module's toHtml
// (@app/shared's rich-text/blocks/ and rich-text/nodes/: pictures, tables). Payload's default
// converters keep every other node exactly as before; the sanitiser's allow-list
// (ARTICLE_HTML_SCHEMA) admits exactly this markup and nothing more.

export type { BodyMedia };

export type RenderContext = {
  highlighter: CodeHighlighter;
  media: ReadonlyMap<number, BodyMedia>;
  /** Upload nodes drawn at once: a picture at the very top of the body is above the fold. */
  eagerUploads: ReadonlySet<string>;
};

/** A block by its module, its nested rich text (a callout's) by these same converters. */
function blockConverter(block: AnyBodyBlock, ctx: RenderContext): HTMLConverter<BlockNode<Record<string, unknown>>> {
  return ({ node, nodesToHTML }) =>
    block.toHtml(node.fields as never, {
      html: (state: LexicalEditorState | null | undefined) => nodesToHTML({ nodes: (state?.root?.children ?? []) as SerializedLexicalNode[] }).join(''),
      highlight: (code, language) => ctx.highlighter.highlight(code, codeLanguage(language)),
    });
}

/** A special node by its module: its Media read before converting, what it holds by these same converters. */
function specialConverter(special: AnySpecialNode, ctx: RenderContext): HTMLConverter<{ type: string }> {
  return ({ node, nodesToHTML }) =>
    special.toHtml(node, {
      html: (nodes) => nodesToHTML({ nodes: nodes as SerializedLexicalNode[] }).join(''),
      media: (value) => ctx.media.get(Number(typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : value)) ?? null,
      eager: (id) => ctx.eagerUploads.has(id),
    });
}

/** Payload's default converters, with the body's blocks added and the default table and upload replaced by the special nodes'. */
export function contentHtmlConverters(ctx: RenderContext): HTMLConvertersFunction {
  return ({ defaultConverters }) =>
    ({
      ...defaultConverters,
      ...nodeTable((special) => specialConverter(special, ctx)),
      blocks: blockTable((block) => blockConverter(block, ctx)),
    }) as HTMLConverters;
}
