// A code block: its language and its text exactly as written. Slug `code` (stored data).
//
//   { type: 'block', version: 2, format: '',
//     fields: { id: '<unique>', blockName: '', blockType: 'code', language: 'typescript', code: 'const a = 1;\n' } }
//
// `language` is one of CODE_LANGUAGES' keys ('plaintext' when unknown: codeLanguage() reads a
// fence's info string). `code` keeps every character: no trimming, tabs and Liquid or shortcode
// syntax kept; it may be empty (an empty fence stays an empty block). Rendered as
// <pre><code class="language-…"> highlighted at save time, its tokens as CODE_TOKEN_CLASSES.
import type { BlockNode } from '../../content-nodes.ts';
import { blockNodeOf, isElement, propText, selectOptions, textOf, type BlockFields, type BodyBlock, type BodyNode } from '../body-block.ts';

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
  // SyntaxHighlighter's brush names (WordPress's [c-sharp]…[/c-sharp]).
  'c-sharp': 'csharp', jscript: 'javascript', rails: 'ruby', ror: 'ruby', xslt: 'xml',
};

/** A code fence's or class's language ("ts", "language-js", "{.python}") as one of ours; 'plaintext' when unknown or absent. */
export function codeLanguage(name: string | null | undefined): CodeLanguage {
  const key = (name ?? '').trim().toLowerCase().replace(/^\{?\.?/, '').replace(/\}$/, '').replace(/^(language|lang)-/, '').split(/[\s{,]/)[0] ?? '';
  if (Object.hasOwn(CODE_LANGUAGES, key)) return key as CodeLanguage;
  return Object.hasOwn(LANGUAGE_ALIASES, key) ? LANGUAGE_ALIASES[key]! : 'plaintext';
}

type Own = { language: CodeLanguage; code: string };
export type CodeBlockFields = BlockFields<'code', Own>;

export function codeBlockNode(input: { language?: string | null; code: string; id?: string }): BlockNode<CodeBlockFields> {
  return blockNodeOf('code', { id: input.id, language: codeLanguage(input.language), code: input.code });
}

/**
 * How a highlighted token looks, as a class (issue 49 #1: an inline colour on every token made a
 * line of code some 240 bytes of HTML, and long posts passed the stored HTML's limit). One class per
 * colour of the CMS's theme (github-light-high-contrast, whose every colour keeps 4.5:1 on the
 * block's white) and per font style; text in the theme's own colour has no class at all. The page's
 * stylesheet (`css` below) and the newsletter's inline styles are written from this table, and a
 * CMS test holds it to every colour of the theme.
 */
export const CODE_TOKEN_CLASSES = {
  'hl-k': 'color:#A0111F', // keywords, storage, placeholders
  'hl-n': 'color:#023B95', // constants, numbers, support, property names, headings
  'hl-v': 'color:#702C00', // variables, entity names
  'hl-f': 'color:#622CBC', // function names
  'hl-t': 'color:#024C1A', // tags, components, JSON keys, inserted lines
  'hl-s': 'color:#032563', // strings, regular expressions
  'hl-c': 'color:#66707B', // comments
  'hl-e': 'color:#6E011A', // invalid code, deleted lines
  'hl-p': 'color:#4B535D', // bracket pairs
  'hl-g': 'color:#E7ECF0', // ignored, untracked
  'hl-w': 'color:#FFFFFF', // a carriage return shown
  'hl-i': 'font-style:italic',
  'hl-b': 'font-weight:bold',
  'hl-u': 'text-decoration:underline',
  'hl-x': 'text-decoration:line-through',
} as const;
export type CodeTokenClass = keyof typeof CODE_TOKEN_CLASSES;
/** The theme's colour of text no class colours (the code's own colour on the page). */
export const CODE_TEXT_COLOR = '#0E1116';

/** The longest code block the editor and the import take (a whole file's listing fits; the article file's own cap is 2 MB). */
export const MAX_CODE_LENGTH = 1_000_000;

const tokenCss = Object.entries(CODE_TOKEN_CLASSES)
  .map(([name, style]) => `.prose-article pre .${name} { ${style}; }`)
  .join('\n');

export const codeBlock: BodyBlock<'code', Own> = {
  slug: 'code',
  labels: { singular: 'Code block', plural: 'Code blocks' },
  // A plain text area: Payload's own code block loads its editor from a CDN.
  fields: [
    { name: 'language', type: 'select', required: true, defaultValue: 'plaintext', options: selectOptions(CODE_LANGUAGES) },
    // Not required: an empty fence in an imported post is an empty block, never a refused post.
    { name: 'code', type: 'textarea', maxLength: MAX_CODE_LENGTH, admin: { rows: 10, className: 'code-block-text' } },
  ],
  toHtml: (fields, ctx) => ctx.highlight(fields.code ?? '', codeLanguage(fields.language)),
  // The highlighter's colours keep 4.5:1 on this white; wide code scrolls inside its box (a tab stop, so keyboard users can scroll it).
  css: `.prose-article pre { margin-block: 1.5rem; border-radius: 0.5rem; border: 1px solid oklch(92.9% 0.013 255.508); background-color: #fff; padding: 1rem; font-family: ui-monospace, SFMono-Regular, Menlo, Monaco, Consolas, "Liberation Mono", "Courier New", monospace; font-size: 0.875rem; line-height: 1.5rem; color: oklch(20.8% 0.042 265.755); tab-size: 4; overflow-x: auto; }
.prose-article pre:focus-visible { outline: 2px solid #4f46e5; outline-offset: 2px; }
.prose-article pre > code:not(.language-plaintext) { color: ${CODE_TEXT_COLOR}; }
${tokenCss}`,
  toMarkdown: (fields) => {
    const language = String(fields.language ?? 'plaintext');
    return [{ type: 'code', lang: language === 'plaintext' ? null : language, value: String(fields.code ?? '') }];
  },
  fromHtml: {
    element(node, _after, ctx) {
      if (!isElement(node, 'pre')) return null;
      const code = node.children.find((c) => isElement(c, 'code'));
      const language = (code ? propText(code, 'className') : propText(node, 'className')).split(/\s+/).find((c) => c.startsWith('language-'));
      ctx.count('codeBlocks');
      return { nodes: [codeBlockNode({ language, code: textOf(code ?? node).replace(/\n$/, '') }) as unknown as BodyNode], used: 0 };
    },
  },
  sanitize: { attributes: { span: [['className', ...Object.keys(CODE_TOKEN_CLASSES)]] } },
};
