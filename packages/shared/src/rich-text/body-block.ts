// What a rich-text block of an article body is (issue 48 #1, DESIGN §7.29): one module that owns
// every direction — its stored shape, its CMS block, its HTML, its page style, its Markdown, its
// HTML reader and its sanitiser entries. Every direction's table is built from the one list
// (body-blocks.ts), and each direction is a required property here, so a block missing one does
// not compile (body-blocks.type-test.ts). Declarative only: no Payload, Shiki or remark values;
// the CMS maps `type: 'richText'`'s editor kind to its Lexical editor (cms/src/rich-text/blocks.ts).
import type { Element, ElementContent } from 'hast';
import type { RootContent } from 'mdast';
import type { Options as SanitizeSchema } from 'rehype-sanitize';
import type { BlockNode, LexicalEditorState, LexicalInline } from '../content-nodes.ts';

/** A stored block's fields: Payload's own three, then the block's. */
export type BlockFields<Slug extends string, Own> = { id: string; blockName: ''; blockType: Slug } & Own;

/** The rich-text editors a block's field may use (each is one Lexical editor in the CMS). */
export const RICH_TEXT_KINDS = {
  /** Paragraphs and lists with bold, italic, inline code and links: no headings, pictures, tables or blocks. */
  short: 'Short formatted text',
} as const;
export type RichTextKind = keyof typeof RICH_TEXT_KINDS;

type FieldBase<Name> = { name: Name; label?: string; required?: boolean; admin?: { description?: string; rows?: number; className?: string } };
/** A block's field as the editor fills it in: Payload's field configuration, a rich text naming its editor's kind. */
export type BlockField<Name extends string = string> =
  | (FieldBase<Name> & { type: 'text'; maxLength: number; validate?: (value: unknown) => true | string })
  | (FieldBase<Name> & { type: 'textarea'; maxLength: number })
  | (FieldBase<Name> & { type: 'select'; defaultValue: string; options: { value: string; label: string }[] })
  | (FieldBase<Name> & { type: 'richText'; editor: RichTextKind });

/** A stored node of the body, as the reader builds it (Lexical's own or a block). */
export type BodyNode = Record<string, unknown> & { type: string };

/** What a block's HTML may ask of the CMS's renderer. */
export type HtmlContext = {
  /** A nested editor state (a callout's text) as HTML, by the body's own converters. */
  html(state: LexicalEditorState): string;
  /** Code coloured at save (the CMS's highlighter); `language` as codeLanguage() reads it. */
  highlight(code: string, language: string): string;
};

/** What a block's Markdown may ask of the export. */
export type MarkdownContext = {
  /** A nested editor state as Markdown blocks (its pictures join the article's). */
  blocks(state: LexicalEditorState): RootContent[];
};

/** What a block's HTML reader may ask of the importer's converter (packages/shared/src/lexical-from-html.ts). */
export type ReadContext = {
  /** Elements as body nodes (paragraphs, lists, other blocks, pictures). */
  blocks(nodes: ElementContent[]): BodyNode[];
  /** Inline content as a paragraph, followed by the pictures it held. */
  paragraph(nodes: ElementContent[]): BodyNode[];
  /** Inline content as Lexical's inline nodes, tidied (a table's cell); pictures in it are not placed. */
  inline(nodes: ElementContent[]): LexicalInline[];
  /** A picture the import is to fetch (counted), and its place in the body until the import has made its Media document. */
  picture(source: { src: string; alt: string; caption: string }): BodyNode;
  /** Counts a kept block or special node for the import's report. */
  count(kind: 'codeBlocks' | 'embeds' | 'tables'): void;
  /** The last link read was the block's own address, not a link of the text. */
  forgetLastLink(): void;
};

/** How a block is read from (sanitised) HTML: every hook is optional, the object is not. */
export type HtmlReader<Fields> = {
  /** Claims an element, and perhaps some of the nodes after it (`used`, whitespace counted): the nodes it becomes. */
  element?(node: Element, after: readonly ElementContent[], ctx: ReadContext): { nodes: BodyNode[]; used: number } | null;
  /** Claims a paragraph's tidied inline content (a paragraph that is only a video's address is the video). */
  inline?(inline: LexicalInline[], ctx: ReadContext): BodyNode[] | null;
  /** A figure's caption around this block (a captioned video). */
  caption?(fields: Fields, caption: string): Fields;
};

/** The sanitiser's entries a block's HTML needs (merged into ARTICLE_HTML_SCHEMA): tags, and attributes by value. */
export type SanitizerEntries = { tagNames?: string[]; attributes?: NonNullable<SanitizeSchema['attributes']> };

/** One rich-text block, every direction of it. `Own` is its stored fields beside Payload's three. */
export type BodyBlock<Slug extends string, Own> = {
  slug: Slug;
  /** The CMS's block: its name in the editor's toolbar and its fields. */
  labels: { singular: string; plural: string };
  fields: BlockField<Extract<keyof Own, string>>[];
  /** Its HTML on the page (sanitised after: `sanitize` must admit exactly this). */
  toHtml(fields: BlockFields<Slug, Own>, ctx: HtmlContext): string;
  /** Its look on the page: plain CSS under `.prose-article` (site/src/components/body-block-styles.astro). */
  css: string;
  /** Its Markdown in the content export, which `fromHtml` reads back after remark. */
  toMarkdown(fields: BlockFields<Slug, Own>, ctx: MarkdownContext): RootContent[];
  /** How the importer reads it from HTML (and from Markdown, through remark's HTML). */
  fromHtml: HtmlReader<BlockFields<Slug, Own>>;
  sanitize: SanitizerEntries;
};

/** A block of any slug, as the list holds them (its tables are typed by slug: body-blocks.ts). */
export type AnyBodyBlock = BodyBlock<string, Record<string, unknown>>;

const newId = () => crypto.randomUUID().replaceAll('-', '').slice(0, 24);

/** A stored block node: the block's own fields, with a new id unless one is given. */
export function blockNodeOf<Slug extends string, Own>(blockType: Slug, own: Own & { id?: string }): BlockNode<BlockFields<Slug, Own>> {
  const { id, ...rest } = own;
  return { type: 'block', version: 2, format: '', fields: { id: id ?? newId(), blockName: '', blockType, ...rest } as BlockFields<Slug, Own> };
}

/** Text for HTML (content, and attribute values in double quotes). */
export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A select's options from its labels (key → label). */
export const selectOptions = (labels: Readonly<Record<string, string>>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** Whitespace between elements (Markdown's line ends) is no content of its own. */
export const isBlank = (node: ElementContent) => node.type === 'comment' || (node.type === 'text' && !node.value.trim());

export const isElement = (node: ElementContent | undefined, ...tags: string[]): node is Element => node?.type === 'element' && (tags.length === 0 || tags.includes(node.tagName));

/** An element's property as text (class lists joined). */
export function propText(node: Element, name: string): string {
  const v = node.properties?.[name];
  return Array.isArray(v) ? v.join(' ') : v === undefined || v === null ? '' : String(v);
}

/** All the text under a node, as written. */
export function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}
