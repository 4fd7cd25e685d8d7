// Mathematics set on a line of its own ("display" math), kept as TeX and drawn with KaTeX at save
// time: static HTML and MathML, no script on the page (issue 49 #5). Slug `math` (stored data).
//
//   { type: 'block', version: 2, format: '',
//     fields: { id: '<unique>', blockName: '', blockType: 'math', tex: '\\int_0^1 x^2\\,dx = \\tfrac13' } }
//
// `tex` is what the author wrote between `$$ … $$` (KaTeX's supported TeX). HTML: KaTeX's own
// output (its MathML carries the TeX as `<annotation encoding="application/x-tex">`, which the
// reader takes back). The page needs KaTeX's stylesheet and fonts, served from our own origin on
// pages with mathematics (site/src/components/math-styles.astro). Mathematics inside a sentence
// is inline code written `$…$` (rich-text/inline-math.ts).
import type { Element, ElementContent } from 'hast';
import katex from 'katex';
import { blockNodeOf, isElement, propText, textOf, type BodyBlock, type BodyNode, type SanitizerEntries } from '../body-block.ts';

type Own = { tex: string };

/** TeX as KaTeX's HTML and MathML; an error in the TeX shows the TeX in the error colour with KaTeX's message, never a broken page. */
export function renderMath(tex: string, display: boolean): string {
  return katex.renderToString(tex, { displayMode: display, output: 'htmlAndMathml', throwOnError: false, trust: false, strict: 'ignore', maxSize: 50, maxExpand: 1000 });
}

/** The TeX a piece of rendered mathematics was written in: KaTeX's and MathJax's MathML keep it as an annotation. */
export function texOf(node: ElementContent): string | null {
  if (node.type !== 'element') return null;
  if (node.tagName === 'annotation' && /tex/i.test(propText(node, 'encoding'))) return textOf(node).trim();
  for (const child of node.children) {
    const tex = texOf(child);
    if (tex !== null) return tex;
  }
  return null;
}

const hasClass = (node: Element, name: string) => propText(node, 'className').split(/\s+/).includes(name);

// The classes KaTeX's HTML uses (its source's class names), and nothing else: a body's own classes stay out.
const KATEX_CLASSES = [
  /^katex(-[a-z-]+)?$/,
  /^m(ord|op|bin|rel|open|close|punct|inner|space|frac|table|tight|over|under|ult|supsub)$/,
  /^(math|text)(normal|bb|cal|rm|it|bf|sf|tt|frak|scr|boldsymbol|sfit|md|up)?$/,
  /^(reset-)?size\d{0,2}$/,
  /^vlist(-[rst]2?)?$/,
  /^col-align-[lcr]$/,
  /^brace-(left|center|right)$/,
  /^(accent-body|accentunder|arraycolsep|c|cancel-lap|cancel-pad|delimsizing|delimsizinginner|delimcenter|eqn-num|leftmost|pstrut|reflectbox|rlap|llap|clap|sqrt|vertical-separator)$/,
  /^(x-arrow|x-arrow-pad|anglpad|boxpad|cd-vert-arrow|fleqn|leqno|nulldelimiter|frac-line|hide-tail|op-symbol|large-op|small-op|op-limits|colorbox|fcolorbox|fbox)$/,
  /^(overline-line|underline-line|svg-align|nobreak|stretchy|halfarc|amsrm|boldsymbol|base|strut|root|tag|newline|cancel|bcancel|xcancel|sout|angl|sizing)$/,
];
// KaTeX's inline styles: lengths in em, relative positioning, and the colours \color and \colorbox name.
const COLOUR = '(?:#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20})';
const DECLARATION = `(?:(?:height|top|bottom|left|right|width|min-width|max-width|margin-left|margin-right|padding-left|padding-right|vertical-align|border-(?:top-|bottom-|left-|right-)?width)\\s*:\\s*-?[\\d.]+em|position\\s*:\\s*relative|border-style\\s*:\\s*solid|(?:color|background-color|border-color)\\s*:\\s*${COLOUR}|border\\s*:\\s*[\\d.]+em solid ${COLOUR})`;
const KATEX_STYLE = new RegExp(`^\\s*(?:${DECLARATION}\\s*(?:;\\s*|$))+$`);
const LENGTH = /^-?[\d.]+(em|ex|px|pt|mu)?$|^[+-]?[\d.]+(em|ex|px|pt|mu)?(\s+[+-]?[\d.]+(em|ex|px|pt|mu)?)*$/;
const WORD = /^[a-z][a-z-]{0,30}$/;

/** The sanitiser's entries for KaTeX's output (display here, inline in paragraphs): its MathML, its HTML's classes and lengths, its SVG strokes. */
export const MATH_SANITIZER: SanitizerEntries = {
  tagNames: [
    'math', 'semantics', 'annotation', 'mrow', 'mi', 'mn', 'mo', 'ms', 'mtext', 'mspace', 'msup', 'msub', 'msubsup', 'mfrac', 'msqrt', 'mroot',
    'munder', 'mover', 'munderover', 'mtable', 'mtr', 'mtd', 'mstyle', 'mpadded', 'mphantom', 'menclose', 'merror', 'svg', 'path', 'line',
  ],
  attributes: {
    div: [['dataMath', 'display']],
    span: [['className', ...KATEX_CLASSES], ['ariaHidden', 'true'], ['style', KATEX_STYLE], 'title'],
    math: [['xmlns', 'http://www.w3.org/1998/Math/MathML'], ['display', 'block', 'inline']],
    annotation: [['encoding', 'application/x-tex']],
    mi: [['mathVariant', WORD], ['mathvariant', WORD]],
    mtext: [['mathVariant', WORD], ['mathvariant', WORD]],
    mo: [['stretchy', 'true', 'false'], ['fence', 'true', 'false'], ['separator', 'true', 'false'], ['movablelimits', 'true', 'false'], ['minsize', LENGTH], ['maxsize', LENGTH], ['lspace', LENGTH], ['rspace', LENGTH]],
    mfrac: [['linethickness', LENGTH]],
    mtable: [['rowspacing', LENGTH], ['columnspacing', LENGTH], ['columnalign', /^[a-z ]{1,200}$/], ['columnlines', /^[a-z ]{1,200}$/], ['rowlines', /^[a-z ]{1,200}$/], ['width', /^[\d.]+%$/]],
    mtd: [['width', LENGTH], ['columnalign', WORD]],
    mstyle: [['scriptlevel', /^\d$/], ['displaystyle', 'true', 'false'], ['mathcolor', new RegExp(`^${COLOUR}$`)]],
    mover: [['accent', 'true', 'false']],
    munder: [['accentunder', 'true', 'false']],
    menclose: [['notation', /^[a-z ]{1,100}$/]],
    mpadded: [['width', LENGTH], ['height', LENGTH], ['depth', LENGTH], ['lspace', LENGTH], ['voffset', LENGTH], ['mathbackground', new RegExp(`^${COLOUR}$`)], ['style', KATEX_STYLE]],
    mspace: [['width', LENGTH], ['height', LENGTH], ['depth', LENGTH], ['mathbackground', new RegExp(`^${COLOUR}$`)]],
    svg: [['xmlns', 'http://www.w3.org/2000/svg'], ['width', /^[\d.]+(em|%)?$/], ['height', /^[\d.]+(em|%)?$/], ['viewBox', /^[\d. -]+$/], ['preserveAspectRatio', /^[\w ]+$/], ['style', KATEX_STYLE]],
    path: [['d', /^[\w\s.,-]+$/]],
    line: [['x1', /^[\d.%]+$/], ['y1', /^[\d.%]+$/], ['x2', /^[\d.%]+$/], ['y2', /^[\d.%]+$/], ['strokeWidth', /^[\d.]+(px|em)?$/]],
  },
};

export const mathBlock: BodyBlock<'math', Own> = {
  slug: 'math',
  labels: { singular: 'Mathematics', plural: 'Mathematics' },
  fields: [{ name: 'tex', label: 'TeX', type: 'textarea', required: true, maxLength: 20_000, admin: { rows: 4, description: 'As between $$ and $$, e.g. \\frac{a}{b} or \\sum_{i=1}^n i. Drawn with KaTeX when saved.' } }],
  toHtml: (fields) => `<div data-math="display">${renderMath(String(fields.tex ?? ''), true)}</div>`,
  // A wide formula scrolls on its own, not the page.
  css: `.prose-article div[data-math] { margin-block: 1.5rem; overflow-x: auto; overflow-y: hidden; }
.prose-article div[data-math] > .katex-display { margin: 0; }`,
  // `$$` fences on lines of their own (remark-math's, and most generators' and editors' display math).
  toMarkdown: (fields) => [{ type: 'html', value: `$$\n${String(fields.tex ?? '').trim()}\n$$` }],
  fromHtml: {
    /**
     * remark-math's display math (and a ```math fence): <pre><code class="language-math">; our
     * own page's <div data-math>; KaTeX's display output and a MathML <math display="block">
     * elsewhere, read back to TeX by their annotation.
     */
    element(node) {
      let tex: string | null = null;
      if (isElement(node, 'pre')) {
        const code = node.children.find((c): c is Element => isElement(c, 'code'));
        if (code && /(^|\s)language-math(\s|$)/.test(propText(code, 'className'))) tex = textOf(code).replace(/^\n+|\s+$/g, '');
      } else if ((isElement(node, 'div') && propText(node, 'dataMath') === 'display') || (isElement(node, 'span', 'div') && hasClass(node, 'katex-display')) || (isElement(node, 'math') && propText(node, 'display') === 'block')) {
        tex = texOf(node);
      }
      return tex === null ? null : { nodes: [blockNodeOf('math', { tex }) as unknown as BodyNode], used: 0 };
    },
  },
  sanitize: MATH_SANITIZER,
};
