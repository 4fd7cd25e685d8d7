// Held out (issue 49 #5): written after the conversion, from the same documentation's other
// examples (Docsy's and hugo-notice's other colours and kinds, Hextra's emoji, LoveIt's
// admonition, Minimal Mistakes' notice classes, GFM's repeated footnotes, KaTeX's environments,
// kramdown's inline `$$`), never run while the code was written.
import { describe, expect, it } from 'vitest';
import { readMarkdownArticle } from './markdown-article.ts';
import { articleIndex, settleBody } from './settle-body.ts';

type Node = { type: string; text?: string; tag?: string; fields?: Record<string, unknown>; children?: Node[] };
const shape = (nodes: unknown[]): unknown[] =>
  (nodes as Node[]).map((n) => {
    if (n.type === 'text') return n.text;
    if (n.type === 'link') return { link: String(n.fields?.url), text: shape(n.children ?? []).join('') };
    if (n.type !== 'block') return { [n.tag ?? n.type]: shape(n.children ?? []) };
    const { id: _id, blockName: _name, content, ...fields } = n.fields!;
    return content && typeof content === 'object' ? { ...fields, content: shape((content as { root: { children: unknown[] } }).root.children) } : fields;
  });
const read = async (markdown: string, front = 'title: Held out\ndate: 2024-03-04', name = 'posts/held-out.md') => {
  const c = await readMarkdownArticle(name, `---\n${front}\n---\n${markdown}`);
  return { body: shape(c.body.content.root.children), warnings: c.warnings, candidate: c };
};

describe('held out: videos', () => {
  it('a bare address in an h3 and a list item’s link stay links; an autolink alone on its line plays', async () => {
    const { body } = await read('### https://www.youtube.com/watch?v=aqz-KE-bpKQ\n\n1. [Intro](https://vimeo.com/148751763)\n\n<https://youtu.be/aqz-KE-bpKQ>\n');
    expect(body).toEqual([
      { h3: [{ link: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', text: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' }] },
      { ol: [{ listitem: [{ link: 'https://vimeo.com/148751763', text: 'Intro' }] }] },
      { blockType: 'embed', url: 'https://youtu.be/aqz-KE-bpKQ', title: '', caption: '' },
    ]);
  });
});

describe('held out: notices', () => {
  it('Docsy alerts without a colour, and with success; hugo-notice info and warning with a title', async () => {
    const { body } = await read(
      '{{% alert title="Note" %}}\nA note.\n{{% /alert %}}\n\n{{% alert color="success" %}}\nDone.\n{{% /alert %}}\n\n{{< notice info >}}\nInfo.\n{{< /notice >}}\n\n{{< notice warning "Heads up" >}}\nCareful.\n{{< /notice >}}\n',
    );
    expect(body).toEqual([
      { blockType: 'callout', variant: 'note', title: 'Note', content: [{ paragraph: ['A note.'] }] },
      { blockType: 'callout', variant: 'tip', title: '', content: [{ paragraph: ['Done.'] }] },
      { blockType: 'callout', variant: 'note', title: '', content: [{ paragraph: ['Info.'] }] },
      { blockType: 'callout', variant: 'warning', title: 'Heads up', content: [{ paragraph: ['Careful.'] }] },
    ]);
  });

  it('Hextra’s callout with an emoji, LoveIt’s admonition, and Minimal Mistakes’ success and danger notices', async () => {
    const { body } = await read(
      '{{< callout type="warning" emoji="⚠️" >}}\nMind the gap.\n{{< /callout >}}\n\n{{< admonition type=tip title="Tips" open=false >}}\nUse shortcuts.\n{{< /admonition >}}\n\nAll good.\n{: .notice--success}\n\nNot good.\n{: .notice--danger}\n',
    );
    expect(body).toEqual([
      { blockType: 'callout', variant: 'warning', title: '', content: [{ paragraph: ['Mind the gap.'] }] },
      { blockType: 'callout', variant: 'tip', title: 'Tips', content: [{ paragraph: ['Use shortcuts.'] }] },
      { blockType: 'callout', variant: 'tip', title: '', content: [{ paragraph: ['All good.'] }] },
      { blockType: 'callout', variant: 'warning', title: '', content: [{ paragraph: ['Not good.'] }] },
    ]);
  });
});

describe('held out: styles, scripts, link posts', () => {
  it('an HTML file’s typed script and media style go, with the warning', async () => {
    const { body, warnings } = await read('<style media="screen">p{}</style><p>Body.</p><script type="text/javascript">var a;</script>', 'title: H\ndate: 2024-03-04', 'posts/h.html');
    expect(body).toEqual([{ paragraph: ['Body.'] }]);
    expect(warnings.some((w) => w.startsWith('Removed 1 <style> element and 1 <script> element'))).toBe(true);
  });

  it('a Hugo link post with commentary', async () => {
    const { body } = await read('Short and sharp.\n', 'title: "Read: On Writing"\ndate: 2024-03-04\nexternal_url: "https://example.com/on-writing"');
    expect(body).toEqual([{ paragraph: [{ link: 'https://example.com/on-writing', text: 'Read: On Writing' }] }, { paragraph: ['Short and sharp.'] }]);
  });
});

describe('held out: footnotes and old links', () => {
  it('a note referred to twice gets two marks, each a link to it, and two ways back', async () => {
    const { body } = await read('One[^a] and two[^a].\n\n[^a]: The note.\n');
    const all = JSON.stringify(body);
    expect(body[0]).toEqual({ paragraph: ['One', { link: '#fn-a', text: '1' }, ' and two', { link: '#fn-a', text: '1' }, '.'] });
    expect(all).toContain('"link":"#fnref-a"');
    expect(all).toContain('"link":"#fnref-a-2"');
  });

  it('a relative .html link and a same-site link with a query keep the old site’s address', async () => {
    const { candidate } = await read('[A](../other.html) and [B](https://blog.example.net/archive?page=2).\n');
    const c = { ...candidate, sourceSite: 'https://blog.example.net', oldAddresses: ['/posts/held-out.html'] };
    const settled = settleBody(c, { pictures: [], placed: new Map(), warnings: [] }, { index: articleIndex([c]), newPage: () => undefined });
    expect(shape(settled.content.root.children)).toEqual([
      { paragraph: [{ link: 'https://blog.example.net/other.html', text: 'A' }, ' and ', { link: 'https://blog.example.net/archive?page=2', text: 'B' }, '.'] },
    ]);
    expect(settled.warnings).toHaveLength(1);
  });
});

describe('held out: mathematics', () => {
  it('an aligned environment on its own, kramdown’s inline `$$`, and a price after a formula', async () => {
    const { body } = await read('$$\n\\begin{aligned}\na &= b + c \\\\\nd &= e\n\\end{aligned}\n$$\n\nWhere $$x_1$$ is the first, and $y$ costs $3.\n');
    expect(body).toEqual([
      { blockType: 'math', tex: '\\begin{aligned}\na &= b + c \\\\\nd &= e\n\\end{aligned}' },
      { paragraph: ['Where ', '$x_1$', ' is the first, and ', '$y$', ' costs $3.'] },
    ]);
  });
});

// Written after the code that keeps a fence inside its item (issue 49 #2), never run while it was written.
describe('held out: code inside list items', () => {
  it('an HTML post’s <pre> inside a bulleted item, and an indented listing inside a Markdown item, stay inside their items', async () => {
    const html = await read('<ul><li><p>Edit the config</p><pre><code class="language-yaml">server:\n  port: 8080\n</code></pre></li><li>Reload</li></ul>', 'title: Held out\ndate: 2024-03-04', 'posts/held-out.html');
    expect(html.body).toEqual([{ ul: [{ listitem: ['Edit the config', { blockType: 'code', language: 'yaml', code: 'server:\n  port: 8080' }] }, { listitem: ['Reload'] }] }]);
    const markdown = await read('* Build it:\n\n      make all\n      make install\n\n* Check it.\n');
    expect(markdown.body).toEqual([{ ul: [{ listitem: ['Build it:', { blockType: 'code', language: 'plaintext', code: 'make all\nmake install' }] }, { listitem: ['Check it.'] }] }]);
  });
});
