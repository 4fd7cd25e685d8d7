// The rich-text nodes an article body may hold beyond Payload's defaults (issue 40 #1), as they
// are STORED in the CMS (the `content` field's Lexical JSON). The CMS's editor writes exactly
// these, the CMS's save hook renders them to HTML (cms/src/rich-text/), and the importer builds
// them from Markdown and HTML. Keep the shapes stable: a change here is a change of stored data
// (commit it with a message starting "content-nodes:").
//
// Nodes this file does not describe (paragraph, heading, list, quote, link, text, linebreak,
// horizontalrule) are Lexical's and Payload's own; their shapes are those of
// @payloadcms/richtext-lexical 3.90 and are rendered as they always were.
import { isAllowedVideoUrl } from './videos.ts';
import { introVideoEmbed } from './studies.ts';

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
/** A whole editor state, as stored in a richText field (and in a callout's `content`). */
export type LexicalEditorState<TChild = unknown> = { root: { type: 'root'; version: 1; children: TChild[]; direction: 'ltr' | null; format: ''; indent: 0 } };

// ---------------------------------------------------------------------------------------------
// Code block: a Payload block (BlocksFeature), slug `code`.
//
//   { type: 'block', version: 2, format: '',
//     fields: { id: '<unique>', blockName: '', blockType: 'code', language: 'typescript', code: 'const a = 1;\n' } }
//
// `language` is one of CODE_LANGUAGES' keys ('plaintext' when unknown: use codeLanguage() on a
// fence's info string). `code` is the text exactly as written: no trimming, tabs and Liquid or
// shortcode syntax kept. Rendered as <pre><code class="language-…"> highlighted at save time.

/** The languages editors can choose and the highlighter knows (key → label). */
export const CODE_LANGUAGES = {
  plaintext: 'Plain text',
  bash: 'Shell',
  c: 'C',
  cpp: 'C++',
  csharp: 'C#',
  css: 'CSS',
  diff: 'Diff',
  docker: 'Dockerfile',
  go: 'Go',
  graphql: 'GraphQL',
  html: 'HTML',
  ini: 'INI',
  java: 'Java',
  javascript: 'JavaScript',
  json: 'JSON',
  jsx: 'JSX',
  kotlin: 'Kotlin',
  liquid: 'Liquid',
  lua: 'Lua',
  markdown: 'Markdown',
  php: 'PHP',
  powershell: 'PowerShell',
  python: 'Python',
  r: 'R',
  ruby: 'Ruby',
  rust: 'Rust',
  scss: 'SCSS',
  sql: 'SQL',
  swift: 'Swift',
  toml: 'TOML',
  tsx: 'TSX',
  typescript: 'TypeScript',
  xml: 'XML',
  yaml: 'YAML',
} as const;
export type CodeLanguage = keyof typeof CODE_LANGUAGES;

const LANGUAGE_ALIASES: Record<string, CodeLanguage> = {
  text: 'plaintext', txt: 'plaintext', plain: 'plaintext', none: 'plaintext', console: 'bash', sh: 'bash', shell: 'bash', zsh: 'bash', shellscript: 'bash',
  'c++': 'cpp', cs: 'csharp', 'c#': 'csharp', dockerfile: 'docker', golang: 'go', htm: 'html', xhtml: 'html', js: 'javascript', mjs: 'javascript', cjs: 'javascript',
  node: 'javascript', jsonc: 'json', json5: 'json', kt: 'kotlin', md: 'markdown', ps1: 'powershell', ps: 'powershell', py: 'python', python3: 'python',
  rb: 'ruby', rs: 'rust', ts: 'typescript', mts: 'typescript', cts: 'typescript', svg: 'xml', yml: 'yaml', postgres: 'sql', postgresql: 'sql', mysql: 'sql',
  patch: 'diff', conf: 'ini', cfg: 'ini', jinja: 'liquid', 'html+jinja': 'liquid', twig: 'liquid',
};

/** A code fence's or class's language ("ts", "language-js", "{.python}") as one of ours; 'plaintext' when unknown or absent. */
export function codeLanguage(name: string | null | undefined): CodeLanguage {
  const key = (name ?? '').trim().toLowerCase().replace(/^\{?\.?/, '').replace(/\}$/, '').replace(/^(language|lang)-/, '').split(/[\s{,]/)[0] ?? '';
  if (Object.hasOwn(CODE_LANGUAGES, key)) return key as CodeLanguage;
  return Object.hasOwn(LANGUAGE_ALIASES, key) ? LANGUAGE_ALIASES[key]! : 'plaintext';
}

export type CodeBlockFields = { id: string; blockName: ''; blockType: 'code'; language: CodeLanguage; code: string };

// ---------------------------------------------------------------------------------------------
// Video embed: a Payload block, slug `embed`.
//
//   { type: 'block', version: 2, format: '',
//     fields: { id: '<unique>', blockName: '', blockType: 'embed', url: 'https://www.youtube.com/watch?v=…', title: '', caption: '' } }
//
// `url` is any YouTube or Vimeo address that videoEmbed() accepts (watch, youtu.be, shorts,
// embed, vimeo.com/123…); anything else is refused by the CMS. `title` names the player for
// screen readers (empty: "YouTube video"/"Vimeo video"); `caption` is optional text under it.
// Rendered as a click-to-play facade; the privacy-enhanced player loads only when pressed.

export type EmbedBlockFields = { id: string; blockName: ''; blockType: 'embed'; url: string; title?: string | null; caption?: string | null };
export type VideoEmbed = { provider: 'youtube' | 'vimeo'; providerName: 'YouTube' | 'Vimeo'; playerUrl: string; watchUrl: string };

/** What an embed's address plays: the provider and its privacy-enhanced player, or null when it is not a video we embed. */
export function videoEmbed(url: string | null | undefined): VideoEmbed | null {
  if (!isAllowedVideoUrl(url)) return null;
  const playerUrl = introVideoEmbed(url.trim());
  if (!playerUrl) return null;
  const provider = playerUrl.startsWith('https://player.vimeo.com/') ? 'vimeo' : 'youtube';
  return { provider, providerName: provider === 'vimeo' ? 'Vimeo' : 'YouTube', playerUrl, watchUrl: url.trim() };
}

// ---------------------------------------------------------------------------------------------
// Callout: a Payload block, slug `callout`.
//
//   { type: 'block', version: 2, format: '',
//     fields: { id: '<unique>', blockName: '', blockType: 'callout', variant: 'note', title: '', content: <LexicalEditorState> } }
//
// `content` is its own small editor state: paragraphs and lists with bold, italic, inline code
// and links (no headings, pictures, tables or blocks inside a callout). `title` is optional; empty
// shows the variant's label. GitHub's `> [!NOTE]`/`[!TIP]`/`[!WARNING]` (and IMPORTANT → note,
// CAUTION → warning) and Hugo/Jekyll notice shortcodes map here.

export const CALLOUT_VARIANTS = { note: 'Note', tip: 'Tip', warning: 'Warning' } as const;
export type CalloutVariant = keyof typeof CALLOUT_VARIANTS;
export type CalloutBlockFields = { id: string; blockName: ''; blockType: 'callout'; variant: CalloutVariant; title?: string | null; content: LexicalEditorState };

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

export function codeBlockNode(input: { language?: string | null; code: string; id?: string }): BlockNode<CodeBlockFields> {
  return { type: 'block', version: 2, format: '', fields: { id: input.id ?? newId(), blockName: '', blockType: 'code', language: codeLanguage(input.language), code: input.code } };
}

export function embedNode(input: { url: string; title?: string; caption?: string; id?: string }): BlockNode<EmbedBlockFields> {
  return { type: 'block', version: 2, format: '', fields: { id: input.id ?? newId(), blockName: '', blockType: 'embed', url: input.url, title: input.title ?? '', caption: input.caption ?? '' } };
}

export function calloutNode(input: { variant: CalloutVariant; title?: string; content: LexicalEditorState; id?: string }): BlockNode<CalloutBlockFields> {
  return { type: 'block', version: 2, format: '', fields: { id: input.id ?? newId(), blockName: '', blockType: 'callout', variant: input.variant, title: input.title ?? '', content: input.content } };
}

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
