// Fixtures from KaTeX's documentation (its function support table), written here.
import type { Root } from 'hast';
import rehypeParse from 'rehype-parse';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { lexicalFromHast } from '../../lexical-from-html.ts';
import { ARTICLE_HTML_SCHEMA, sanitizeArticleHtml } from '../../sanitize-html.ts';
import { blockNode } from '../body-blocks.ts';
import { mathBlock, renderMath } from './math.ts';

const FORMULAS = ['x^2 + y_1', '\\frac{a}{b}', '\\sqrt{x}', '\\sqrt[3]{x}', '\\sum_{i=1}^n i', '\\int_0^1 f(x)\\,dx', '\\begin{pmatrix}a&b\\\\c&d\\end{pmatrix}', '\\overrightarrow{AB}', '\\color{red}{x}', '\\mathbb{R}', '\\left(\\frac{1}{2}\\right)', '\\begin{aligned}a&=b\\\\c&=d\\end{aligned}', '\\boxed{x}', '\\underbrace{a+b}_{c}', '\\xrightarrow{f}', '\\binom{n}{k}', '\\colorbox{yellow}{x}', '\\cancel{x}'];
const unsanitised = unified().use(rehypeParse, { fragment: true }).use(rehypeStringify);
const read = (html: string) => lexicalFromHast(unified().use(rehypeSanitize, ARTICLE_HTML_SCHEMA).runSync(unified().use(rehypeParse, { fragment: true }).parse(html)) as Root).content.root.children;

describe('the math block', () => {
  it('draws its TeX with KaTeX as static HTML and MathML, carrying the TeX as an annotation', () => {
    const html = mathBlock.toHtml(blockNode('math', { tex: 'E = mc^2' }).fields, { html: () => '', highlight: (c) => c });
    expect(html).toMatch(/^<div data-math="display"><span class="katex-display"><span class="katex"><span class="katex-mathml"><math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML" display="block">/);
    expect(html).toContain('<annotation encoding="application/x-tex">E = mc^2</annotation>');
    expect(html).not.toMatch(/<script|on\w+=/);
  });

  it('keeps every part of KaTeX’s output through the sanitiser, for each formula of KaTeX’s documentation tried here', () => {
    for (const tex of FORMULAS) {
      for (const display of [true, false]) {
        const html = renderMath(tex, display);
        expect(sanitizeArticleHtml(html), tex).toBe(String(unsanitised.processSync(html)));
      }
    }
  });

  it('admits nothing more than KaTeX writes: no other class, style, tag or attribute', () => {
    const hostile = '<div data-math="evil" class="fixed inset-0"><span class="katex fixed" style="position:fixed;top:0;background:url(x)" onclick="x()">a</span><math href="javascript:x"><mi mathvariant="x;y">b</mi></math><svg onload="x()"><path d="M0 0" style="fill:red"/><script>x()</script></svg></div>';
    expect(sanitizeArticleHtml(hostile)).toBe('<div><span class="katex">a</span><math><mi>b</mi></math><svg><path d="M0 0"></path></svg></div>');
  });

  it('is read back from remark-math’s display math, a ```math fence, our own page and KaTeX’s or MathML’s output elsewhere', () => {
    const tex = '\\int_0^1 x^2\\,dx';
    const fromPage = mathBlock.toHtml(blockNode('math', { tex }).fields, { html: () => '', highlight: (c) => c });
    for (const html of [`<pre><code class="language-math math-display">${tex}</code></pre>`, fromPage, `<math display="block"><semantics><mrow></mrow><annotation encoding="application/x-tex">${tex}</annotation></semantics></math>`]) {
      expect(read(html)).toEqual([expect.objectContaining({ type: 'block', fields: expect.objectContaining({ blockType: 'math', tex }) })]);
    }
  });

  it('writes `$$` fences in Markdown', () => {
    expect(mathBlock.toMarkdown(blockNode('math', { tex: 'a^2' }).fields, { blocks: () => [] })).toEqual([{ type: 'html', value: '$$\na^2\n$$' }]);
  });
});

describe('inline mathematics', () => {
  it('is `$…$` inline code drawn with KaTeX on the page; other inline code and code blocks stay code', () => {
    const html = sanitizeArticleHtml('<p>Area <code>$\\pi r^2$</code>, then <code>echo $HOME</code> and <code>$ 5 $</code>.</p><pre><code>$x$</code></pre>');
    expect(html).toMatch(/^<p>Area <span class="katex"><span class="katex-mathml"><math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML"><semantics>/);
    expect(html).toContain('<annotation encoding="application/x-tex">\\pi r^2</annotation>');
    expect(html).toContain(', then <code>echo $HOME</code> and <code>$ 5 $</code>.</p><pre><code>$x$</code></pre>');
  });
});
