import { CODE_LANGUAGES, type CodeLanguage } from '@app/shared/server';
import { createHighlighter, type Highlighter, type ShikiTransformer } from 'shiki';
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

/** A highlighter that knows these languages (and plain text), ready to be used synchronously. */
export async function loadHighlighter(languages: Iterable<CodeLanguage>): Promise<CodeHighlighter> {
  highlighter ??= createHighlighter({ themes: [THEME], langs: [], engine: createJavaScriptRegexEngine({ forgiving: true }) });
  const shiki = await highlighter;
  const missing = [...new Set(languages)].filter((l) => l !== 'plaintext' && Object.hasOwn(CODE_LANGUAGES, l) && !shiki.getLoadedLanguages().includes(l));
  if (missing.length) await shiki.loadLanguage(...missing);
  return {
    highlight: (code, language) =>
      shiki.codeToHtml(code, { lang: language === 'plaintext' || !Object.hasOwn(CODE_LANGUAGES, language) ? 'text' : language, theme: THEME, transformers: [codeBlockShape(language)], ...LIMITS }),
  };
}

/**
 * <pre tabindex="0"><code class="language-…">, a <span> per line: the block's look is the site's
 * (no theme class, background or inline style on <pre>); the language class says what the code
 * is; the tab stop lets keyboard users scroll a long line. Tokens keep only their colour.
 */
function codeBlockShape(language: CodeLanguage): ShikiTransformer {
  return {
    pre(node) {
      node.properties = { tabIndex: 0 };
    },
    line(node) {
      node.properties = {};
    },
    code(node) {
      node.properties = { className: [`language-${language}`] };
    },
  };
}
