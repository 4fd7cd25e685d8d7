import type { Root } from 'hast';
import rehypeParse from 'rehype-parse';
import rehypeSanitize from 'rehype-sanitize';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { lexicalFromHast } from './lexical-from-html.ts';
import { ARTICLE_HTML_SCHEMA } from './sanitize-html.ts';

/** An imported body as the API reads it: sanitised HTML, then the stored Lexical shapes. */
const read = (html: string) => lexicalFromHast(unified().use(rehypeSanitize, ARTICLE_HTML_SCHEMA).runSync(unified().use(rehypeParse, { fragment: true }).parse(html)) as Root);
type Node = { type: string; text?: string; fields?: Record<string, unknown>; children?: Node[] };
const shape = (nodes: unknown[]): unknown[] =>
  (nodes as Node[]).map((n) => {
    if (n.type === 'text') return n.text;
    if (n.type !== 'block') return { [n.type]: shape(n.children ?? []) };
    const { id: _id, blockName: _name, content, ...fields } = n.fields!;
    return { ...fields, content: shape((content as { root: { children: unknown[] } }).root.children) };
  });

describe('a quote with its attribution, imported', () => {
  it('from a figure (as our pages and the HTML standard write it) is a quotation: its paragraphs, who said it and the work', () => {
    const body = read('<figure><blockquote><p>Well begun is <em>half</em> done.</p><p>Really.</p></blockquote><figcaption>— Martin Luther King, Jr., <cite>Strength to Love</cite></figcaption></figure>');
    expect(shape(body.content.root.children)).toEqual([
      { blockType: 'quotation', author: 'Martin Luther King, Jr.', source: 'Strength to Love', content: [{ paragraph: ['Well begun is ', 'half', ' done.'] }, { paragraph: ['Really.'] }] },
    ]);
  });

  it('from a quote followed by a line opening with a dash (as Markdown writes it), the line being the attribution', () => {
    const body = read('<blockquote>\n<p>Start where you are.</p>\n</blockquote>\n<p>― Arthur Ashe</p><p>After.</p>');
    expect(shape(body.content.root.children)).toEqual([{ blockType: 'quotation', author: 'Arthur Ashe', source: '', content: [{ paragraph: ['Start where you are.'] }] }, { paragraph: ['After.'] }]);
  });

  it('leaves a quote without one a quote, and a dash that follows no quote a paragraph', () => {
    const body = read('<blockquote><p>Just a quote.</p></blockquote><p>And a paragraph.</p><p>— not an attribution</p>');
    expect(shape(body.content.root.children)).toEqual([{ quote: ['Just a quote.'] }, { paragraph: ['And a paragraph.'] }, { paragraph: ['— not an attribution'] }]);
  });

  it('keeps a figure of a quote with a caption that names no one as the quote and its caption', () => {
    const body = read('<figure><blockquote><p>Hm.</p></blockquote><figcaption> </figcaption></figure>');
    expect(shape(body.content.root.children)).toEqual([{ quote: ['Hm.'] }]);
  });
});
