// Issue 49 #5: mathematics drawn at save with KaTeX, through the CMS's own converters and sanitiser.
import { blockNode, lexicalEditorState, lexicalParagraph, lexicalText, TEXT_FORMAT } from '@app/shared/server';
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadHighlighter, type CodeHighlighter } from '../src/rich-text/highlight-code';
import { renderBody } from '../src/rich-text/render-rich-text';

let highlighter: CodeHighlighter;
beforeAll(async () => {
  highlighter = await loadHighlighter([]);
});
const render = (children: unknown[]) => renderBody(lexicalEditorState(children as never) as unknown as SerializedEditorState, { media: new Map(), highlighter });

describe('mathematics in an article’s HTML', () => {
  it('draws a math block and `$…$` inline code as KaTeX’s HTML and MathML, with no script', () => {
    const html = render([
      blockNode('math', { tex: '\\sum_{i=1}^n i = \\frac{n(n+1)}{2}' }),
      lexicalParagraph([lexicalText('Euler: '), lexicalText('$e^{i\\pi}+1=0$', TEXT_FORMAT.code), lexicalText(', and '), lexicalText('npm run $x', TEXT_FORMAT.code)]),
    ]);
    expect(html).toMatch(/<div data-math="display"><span class="katex-display"><span class="katex"><span class="katex-mathml"><math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML" display="block">/);
    expect(html).toContain('<annotation encoding="application/x-tex">\\sum_{i=1}^n i = \\frac{n(n+1)}{2}</annotation>');
    expect(html).toMatch(/<p>Euler: <span class="katex"><span class="katex-mathml"><math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML"><semantics>/);
    expect(html).toContain('<annotation encoding="application/x-tex">e^{i\\pi}+1=0</annotation>');
    expect(html).toContain('<span class="mord mathnormal">e</span>');
    expect(html).toContain(', and <code>npm run $x</code></p>');
    expect(html).not.toMatch(/<script/);
  });
});
