// Mathematics inside a sentence (issue 49 #5). A body keeps it as inline code written `$…$`
// (Lexical has no inline node of ours to hold it, and inline code keeps every character of the TeX
// where the editor shows it); the page gets KaTeX's static HTML and MathML for it, drawn here when
// the body's HTML is made at save, before the sanitiser (sanitize-html.ts). A code block is never
// touched, nor inline code that is not wholly `$…$` (`echo $HOME`).
import type { Element, ElementContent, Root, RootContent } from 'hast';
import rehypeParse from 'rehype-parse';
import { unified } from 'unified';
import { renderMath } from './blocks/math.ts';

/** Inline code that is mathematics: `$…$` with no space just inside the dollars (Pandoc's rule: `$ 5 and $` is not). */
export const INLINE_MATH = /^\$(?=\S)([^$]+?)(?<=\S)\$$/;

const fragment = unified().use(rehypeParse, { fragment: true });

/** The TeX of inline code that is mathematics, or null. */
export function inlineMathTex(node: RootContent | ElementContent): string | null {
  if (node.type !== 'element' || node.tagName !== 'code' || node.children.length !== 1 || node.children[0]!.type !== 'text') return null;
  return INLINE_MATH.exec(node.children[0]!.value)?.[1] ?? null;
}

/** Every `$…$` inline code of a body's HTML as KaTeX's output (a rehype transform). */
export function renderInlineMath(tree: Root | Element): void {
  tree.children = (tree.children as RootContent[]).flatMap((child): RootContent[] => {
    if (child.type !== 'element' || child.tagName === 'pre') return [child];
    const tex = inlineMathTex(child);
    if (tex !== null) return fragment.parse(renderMath(tex, false)).children;
    renderInlineMath(child);
    return [child];
  }) as typeof tree.children;
}
