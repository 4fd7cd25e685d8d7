// What a special node of an article body is (issue 48 #1, DESIGN §7.29): a node that is
// Lexical's own rather than a block (a picture is the `upload` node, a table the `table` node),
// yet the body's own in every direction — its stored shape, its CMS feature, its HTML, its page
// style, its Markdown, its HTML reader and its sanitiser entries, each a required property, so a
// node missing one does not compile (body-nodes.type-test.ts). Every direction's table is built
// from the one list (body-nodes.ts), as the blocks' are (body-block.ts). Declarative only: the CMS
// maps `editor` to Payload's feature (cms/src/rich-text/nodes.ts), as it maps a block's rich-text
// kind to its editor.
import type { Element } from 'hast';
import type { PhrasingContent, RootContent } from 'mdast';
import type { BlockField, BodyNode, ReadContext, SanitizerEntries } from './body-block.ts';

/** The names of a stored node's `fields` (any name for a node of any shape). */
type FieldNames<Node> = unknown extends Node ? string : Node extends { fields: infer F } ? Extract<keyof F, string> : never;

/** The CMS feature that gives the editor a special node, as data (Payload's values stay in the CMS). */
export type NodeEditor<Node = unknown> =
  /** Payload's UploadFeature for one collection, with the fields an editor fills in for this use of a document (the node's `fields`). */
  | { feature: 'upload'; collection: 'media'; fields: BlockField<FieldNames<Node>>[] }
  /** Payload's EXPERIMENTAL_TableFeature. */
  | { feature: 'table' };

/** A Media document as the body's HTML needs it (the CMS reads them before converting). */
export type BodyMedia = {
  id: number;
  filename?: string | null;
  alt?: string | null;
  mimeType?: string | null;
  width?: number | null;
  height?: number | null;
  sizes?: Record<string, { filename?: string | null; width?: number | null } | undefined> | null;
};

/** What a special node's HTML may ask of the CMS's renderer (cms/src/rich-text/html-converters.ts). */
export type NodeHtmlContext = {
  /** Nodes it holds (a cell's paragraphs or their text) as HTML, by the body's own converters. */
  html(nodes: readonly unknown[]): string;
  /** The Media document an upload node's `value` names (an id, or the document at depth 1); null when the CMS has none. */
  media(value: unknown): BodyMedia | null;
  /** Whether a picture opens the body (drawn at once, above the fold), by its node's id. */
  eager(id: string): boolean;
};

/** What a special node's Markdown may ask of the export (api/src/domain/exports/article-markdown.ts). */
export type NodeMarkdownContext = {
  /** Lexical's inline nodes as Markdown phrasing. */
  phrasing(inline: readonly unknown[]): PhrasingContent[];
  /** Lexical's inline nodes as HTML, for what is written as an HTML block. */
  inlineHtml(inline: readonly unknown[]): string;
  /**
   * The Media document an upload node's `value` names, collected for the archive's media/ folder:
   * the address the body names it by there and its own alt text; null when it is not filled in.
   */
  picture(value: unknown): { url: string; alt: string } | null;
};

/** How a special node is read from (sanitised) HTML: every hook is optional, the object is not. */
export type NodeReader = {
  /** Claims an element (asked after every block's reader): the nodes it becomes. */
  element?(node: Element, ctx: ReadContext): BodyNode[] | null;
  /** Claims an element inside inline content (a picture in a paragraph): the node, set after the text it stood in. */
  inlineElement?(node: Element, ctx: ReadContext): BodyNode | null;
};

/** One special node, every direction of it. `Node` is its stored shape. */
export type SpecialNode<Type extends string, Node> = {
  /** Its Lexical type as stored (the key of its HTML converter and its Markdown writer). */
  type: Type;
  editor: NodeEditor<Node>;
  /** Its HTML on the page (sanitised after: `sanitize` must admit exactly this); empty when it shows nothing. */
  toHtml(node: Node, ctx: NodeHtmlContext): string;
  /** Its look on the page: plain CSS under `.prose-article` (site/src/components/body-block-styles.astro). */
  css: string;
  /** Its Markdown in the content export, which `fromHtml` reads back after remark. */
  toMarkdown(node: Node, ctx: NodeMarkdownContext): RootContent[];
  /** How the importer reads it from HTML (and from Markdown, through remark's HTML). */
  fromHtml: NodeReader;
  sanitize: SanitizerEntries;
};

/** A special node of any type, as the list holds them (its tables are typed by type: body-nodes.ts). */
export type AnySpecialNode = SpecialNode<string, unknown>;
