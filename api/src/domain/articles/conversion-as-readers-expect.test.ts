// Issue 49 #5: conversion the way a reader would expect. Fixtures written here from each
// generator's own documentation (Hugo's and Docsy's shortcodes, kramdown's attribute lists,
// GFM's footnotes, KaTeX's syntax), never from a real site.
import { describe, expect, it } from 'vitest';
import { readMarkdownArticle } from './markdown-article.ts';

type Node = { type: string; text?: string; tag?: string; fields?: Record<string, unknown>; children?: Node[] };
/** A body as the editor would show it: text as text, a block by its kind and fields, other nodes by type. */
const shape = (nodes: unknown[]): unknown[] =>
  (nodes as Node[]).map((n) => {
    if (n.type === 'text') return n.text;
    if (n.type === 'link') return { link: String(n.fields?.url), text: shape(n.children ?? []).join('') };
    if (n.type !== 'block') return { [n.tag ?? n.type]: shape(n.children ?? []) };
    const { id: _id, blockName: _name, content, ...fields } = n.fields!;
    return content && typeof content === 'object' ? { ...fields, content: shape((content as { root: { children: unknown[] } }).root.children) } : fields;
  });
const read = async (markdown: string, front = 'title: A post\ndate: 2024-01-02') => {
  const c = await readMarkdownArticle('posts/a-post.md', `---\n${front}\n---\n${markdown}`);
  return { body: shape(c.body.content.root.children), warnings: c.warnings, html: c.html, candidate: c };
};

describe('a YouTube or Vimeo address becomes a player only on a paragraph of its own', () => {
  it('plays an address alone on its paragraph, bare or as a link with words', async () => {
    const { body } = await read('Before.\n\nhttps://www.youtube.com/watch?v=dQw4w9WgXcQ\n\n[My talk](https://vimeo.com/76979871)\n');
    expect(body).toEqual([
      { paragraph: ['Before.'] },
      { blockType: 'embed', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: '', caption: '' },
      { blockType: 'embed', url: 'https://vimeo.com/76979871', title: 'My talk', caption: '' },
    ]);
  });

  it('keeps a heading that is a video’s address a heading with its link', async () => {
    const { body } = await read('## [Watch the keynote](https://youtu.be/dQw4w9WgXcQ)\n\nText.\n');
    expect(body).toEqual([{ h2: [{ link: 'https://youtu.be/dQw4w9WgXcQ', text: 'Watch the keynote' }] }, { paragraph: ['Text.'] }]);
  });

  it('keeps a list item and a quote that are only an address, and an address in a sentence, as links', async () => {
    const { body } = await read('- https://www.youtube.com/watch?v=dQw4w9WgXcQ\n- two\n\n> https://vimeo.com/76979871\n\nSee https://youtu.be/dQw4w9WgXcQ for more.\n');
    expect(body).toEqual([
      { ul: [{ listitem: [{ link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', text: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }] }, { listitem: ['two'] }] },
      { quote: [{ link: 'https://vimeo.com/76979871', text: 'https://vimeo.com/76979871' }] },
      { paragraph: ['See ', { link: 'https://youtu.be/dQw4w9WgXcQ', text: 'https://youtu.be/dQw4w9WgXcQ' }, ' for more.'] },
    ]);
  });
});
