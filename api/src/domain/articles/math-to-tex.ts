// Mathematics in an imported body back to its TeX (issue 49 #5), before the sanitiser: what
// remark-math makes of `$…$` and `$$…$$`, KaTeX's or MathJax's rendered output (its MathML's
// `annotation encoding="application/x-tex"`), MathML with such an annotation, and Pandoc's
// `<span class="math inline|display">\(…\)</span>`. Display mathematics becomes
// `<pre><code class="language-math">` (the math block's reader: rich-text/blocks/math.ts);
// mathematics in a sentence becomes inline code `$…$` (rich-text/inline-math.ts).
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { INLINE_MATH, texOf } from '@app/shared/server';

const classes = (node: Element) => (Array.isArray(node.properties?.className) ? node.properties.className.map(String) : String(node.properties?.className ?? '').split(/\s+/));
const text = (value: string): ElementContent => ({ type: 'text', value });
const displayMath = (tex: string): Element => ({ type: 'element', tagName: 'pre', properties: {}, children: [{ type: 'element', tagName: 'code', properties: { className: ['language-math'] }, children: [text(tex)] }] });
const inlineMath = (tex: string): Element => ({ type: 'element', tagName: 'code', properties: {}, children: [text(`$${tex}$`)] });
const plain = (node: ElementContent): string => (node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(plain).join('') : '');

/** What a piece of mathematics is: its TeX and whether it stands on its own line; null when the element is not mathematics. */
function mathOf(node: Element): { tex: string; display: boolean } | null {
  const c = classes(node);
  if (c.includes('katex-display') || (node.tagName === 'math' && node.properties?.display === 'block')) {
    const tex = texOf(node);
    return tex === null ? null : { tex, display: true };
  }
  if (c.includes('katex') || node.tagName === 'math' || c.includes('MathJax')) {
    const tex = texOf(node);
    return tex === null ? null : { tex, display: false };
  }
  // remark-math's inline output (its display output is already <pre><code class="language-math">).
  if (node.tagName === 'code' && c.includes('language-math')) return { tex: plain(node), display: false };
  // Pandoc's: the TeX as text between \( \) or \[ \].
  if (c.includes('math') && (c.includes('inline') || c.includes('display'))) {
    const tex = plain(node).trim().replace(/^\\[([]|\\[)\]]$/g, '').trim();
    return { tex, display: c.includes('display') };
  }
  return null;
}

const isBlank = (n: ElementContent | RootContent) => n.type === 'comment' || (n.type === 'text' && !n.value.trim());

/**
 * Replaces mathematics under `node` with its TeX. Inline TeX that fails Pandoc's rule for `$…$`
 * (a space just inside a dollar, a digit just after the closing one: "$5 and $10") was never
 * mathematics: it goes back to the text it was written as.
 */
export function mathToTex(node: Root | Element): void {
  const kids = node.children as (RootContent | ElementContent)[];
  const out: (RootContent | ElementContent)[] = [];
  for (let i = 0; i < kids.length; i++) {
    const child = kids[i]!;
    if (child.type !== 'element' || child.tagName === 'pre') {
      out.push(child);
      continue;
    }
    const math = mathOf(child);
    if (!math) {
      mathToTex(child);
      out.push(child);
      continue;
    }
    const onItsOwn = node.type === 'element' && node.tagName === 'p' && kids.every((k) => k === child || isBlank(k));
    if (math.display && (node.type === 'root' || !['p', 'span', 'a', 'em', 'strong', 'li', 'td', 'th'].includes(node.tagName))) out.push(displayMath(math.tex));
    else if (math.display && onItsOwn) out.push(displayMath(math.tex));
    else {
      const next = kids[i + 1];
      const money = !INLINE_MATH.test(`$${math.tex}$`) || (next?.type === 'text' && /^\d/.test(next.value));
      out.push(money && !math.display ? text(`$${math.tex}$`) : inlineMath(math.tex.trim()));
    }
  }
  node.children = out as typeof node.children;
}

/** A paragraph that is only display mathematics is the mathematics (it cannot stand inside a paragraph). */
export function liftDisplayMath(node: Root | Element): void {
  node.children = (node.children as (RootContent | ElementContent)[]).map((child) => {
    if (child.type !== 'element') return child;
    const only = child.tagName === 'p' ? child.children.filter((k) => !isBlank(k)) : [];
    if (only.length === 1 && only[0]!.type === 'element' && only[0]!.tagName === 'pre') return only[0]!;
    liftDisplayMath(child);
    return child;
  }) as typeof node.children;
}
