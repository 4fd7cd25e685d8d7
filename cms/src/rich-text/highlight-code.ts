import { CODE_LANGUAGES, CODE_TEXT_COLOR, CODE_TOKEN_CLASSES, type CodeLanguage, type CodeTokenClass } from '@app/shared/server';
import { createHighlighter, type Highlighter, type ThemedToken } from 'shiki';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';

// Code is highlighted once, when the article is saved (the body reaches readers as HTML from the
// static page or the API, never with a highlighter). The one theme whose every colour keeps 4.5:1
// on white (checked for each language in CODE_LANGUAGES); the site's CSS gives the block its
// white background.
const THEME = 'github-light-high-contrast';

// Shiki's JavaScript engine: no WebAssembly inside the CMS's Next.js server. Grammars load on
// first use, so a save pays only for the languages its body holds (each a few milliseconds after
// the first).
let highlighter: Promise<Highlighter> | null = null;

// A grammar's patterns compile on first use, which on a busy server can take longer than Shiki's
// default half second for a line (the rest of the line would then stay uncoloured). The limits
// stay to bound a pathological line from an imported site: very long lines are left plain.
const LIMITS = { tokenizeTimeLimit: 5000, tokenizeMaxLineLength: 5000 };

export type CodeHighlighter = { highlight(code: string, language: CodeLanguage): string };

// Shiki's font styles (its FontStyle flags) as the token classes.
const FONT_CLASSES: [flag: number, name: CodeTokenClass][] = [
  [1, 'hl-i'],
  [2, 'hl-b'],
  [4, 'hl-u'],
  [8, 'hl-x'],
];
const COLOR_CLASSES = new Map(Object.entries(CODE_TOKEN_CLASSES).flatMap(([name, style]) => (style.startsWith('color:') ? [[style.slice(6).toUpperCase(), name] as const] : [])));

/** A token's classes: its colour's (none in the code's own colour) and its font styles'. */
export function tokenClasses(color: string | undefined, fontStyle: number): string {
  const names: string[] = [];
  const byColor = color && color.toUpperCase() !== CODE_TEXT_COLOR ? COLOR_CLASSES.get(color.toUpperCase()) : undefined;
  if (byColor) names.push(byColor);
  for (const [flag, name] of FONT_CLASSES) if (fontStyle > 0 && (fontStyle & flag) !== 0) names.push(name);
  return names.join(' ');
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A highlighter that knows these languages (and plain text), ready to be used synchronously. */
export async function loadHighlighter(languages: Iterable<CodeLanguage>): Promise<CodeHighlighter> {
  highlighter ??= createHighlighter({ themes: [THEME], langs: [], engine: createJavaScriptRegexEngine({ forgiving: true }) });
  const shiki = await highlighter;
  const missing = [...new Set(languages)].filter((l) => l !== 'plaintext' && Object.hasOwn(CODE_LANGUAGES, l) && !shiki.getLoadedLanguages().includes(l));
  if (missing.length) await shiki.loadLanguage(...missing);
  return {
    highlight(code, language) {
      const known = language !== 'plaintext' && Object.hasOwn(CODE_LANGUAGES, language);
      const lines = known ? shiki.codeToTokens(code, { lang: language, theme: THEME, ...LIMITS }).tokens : null;
      return `<pre tabindex="0"><code class="language-${language}">${lines ? lines.map(lineHtml).join('\n') : escapeText(code)}</code></pre>`;
    },
  };
}

/**
 * <pre tabindex="0"><code class="language-…">, the code's own line ends between lines: the block's
 * look is the site's (no theme class, background or inline style); the language class says what
 * the code is; the tab stop lets keyboard users scroll a long line. A run of tokens that look the
 * same is one <span> of token classes (CODE_TOKEN_CLASSES), text in the code's own colour none:
 * about a tenth of the bytes inline colours took.
 */
function lineHtml(tokens: ThemedToken[]): string {
  let html = '';
  let open = '';
  let text = '';
  const flush = () => {
    if (text) html += open ? `<span class="${open}">${escapeText(text)}</span>` : escapeText(text);
    text = '';
  };
  for (const token of tokens) {
    // Whitespace looks the same in any colour: it joins the run it is in.
    const classes = /^\s*$/.test(token.content) ? open : tokenClasses(token.color, token.fontStyle ?? 0);
    if (classes !== open) {
      flush();
      open = classes;
    }
    text += token.content;
  }
  flush();
  return html;
}
