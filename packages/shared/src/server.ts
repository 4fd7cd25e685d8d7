// @app/shared/server — server-only code: reading the CMS, sanitising HTML, log redaction,
// inline JSON for pages rendered on the server. Never imported by islands.
export * from './cms-documents.ts';
export * from './sanitize-html.ts';
export * from './log-redaction.ts';
export * from './inline-json.ts';
export * from './content-snapshot.ts';
export * from './preview-token.ts';
export * from './site-builds.ts';
export * from './published-builds.ts';
export * from './media-storage.ts';
export * from './cms-activity-documents.ts';
export * from './cms-site-settings.ts';
export * from './content-nodes.ts';
export * from './rich-text/body-blocks.ts';
export { RICH_TEXT_KINDS, type AnyBodyBlock, type BlockField, type BlockFields, type BodyBlock, type HtmlContext, type MarkdownContext, type RichTextKind } from './rich-text/body-block.ts';
export * from './rich-text/blocks/code.ts';
export * from './rich-text/blocks/embed.ts';
export * from './rich-text/blocks/callout.ts';
export { mathBlock, renderMath, texOf } from './rich-text/blocks/math.ts';
export { INLINE_MATH } from './rich-text/inline-math.ts';
export { katexDist } from './rich-text/katex-assets.ts';
export * from './rich-text/body-nodes.ts';
export type { AnySpecialNode, BodyMedia, NodeEditor, NodeHtmlContext, NodeMarkdownContext, SpecialNode } from './rich-text/special-node.ts';
export * from './rich-text/nodes/picture.ts';
export * from './rich-text/nodes/table.ts';
export * from './lexical-from-html.ts';
export * from './listen-with-retry.ts';
export * from './snapshot-file.ts';
