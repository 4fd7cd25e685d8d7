// Issue 49 #5: conversion the way a reader would expect. Fixtures written here from each
// generator's own documentation (Hugo's and Docsy's shortcodes, kramdown's attribute lists,
// GFM's footnotes, KaTeX's syntax), never from a real site.
import { mathBlock, renderMath, sanitizeArticleHtml } from '@app/shared/server';
import { describe, expect, it } from 'vitest';
import { bodyMarkdown } from '../exports/article-markdown.ts';
import { readMarkdownArticle } from './markdown-article.ts';
import { articleIndex, settleBody } from './settle-body.ts';

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

describe('notices become callouts with their title', () => {
  it('reads Docsy’s alert with its title and colour, its Markdown kept', async () => {
    const { body, warnings } = await read('{{% alert title="Warning" color="warning" %}}\nThis is a **warning**.\n\nSecond paragraph.\n{{% /alert %}}\n\nAfter.\n');
    expect(body).toEqual([
      { blockType: 'callout', variant: 'warning', title: 'Warning', content: [{ paragraph: ['This is a ', 'warning', '.'] }, { paragraph: ['Second paragraph.'] }] },
      { paragraph: ['After.'] },
    ]);
    expect(warnings.join(' ')).not.toMatch(/template tags/);
  });

  it('reads hugo-notice’s kinds and optional title, Hextra’s callout types and Hugo Book’s hints', async () => {
    const { body } = await read(
      '{{< notice tip "Optional Title" >}}\nA tip.\n{{< /notice >}}\n\n{{< callout type="error" >}}\nAn error.\n{{< /callout >}}\n\n{{< hint info >}}\nFor your information.\n{{< /hint >}}\n',
    );
    expect(body).toEqual([
      { blockType: 'callout', variant: 'tip', title: 'Optional Title', content: [{ paragraph: ['A tip.'] }] },
      { blockType: 'callout', variant: 'warning', title: '', content: [{ paragraph: ['An error.'] }] },
      { blockType: 'callout', variant: 'note', title: '', content: [{ paragraph: ['For your information.'] }] },
    ]);
  });

  it('reads the documentation theme’s note include', async () => {
    const { body } = await read('{% include note.html content="Remember to **save**." %}\n');
    expect(body).toEqual([{ blockType: 'callout', variant: 'note', title: '', content: [{ paragraph: ['Remember to ', 'save', '.'] }] }]);
  });

  it('makes a paragraph or a quote under a kramdown notice class a callout, and drops other attribute lists', async () => {
    const { body, html } = await read(
      '**Watch out!** This paragraph has the class.\n{: .notice--warning}\n\n> Quoted advice.\n{:.info}\n\nA [link](https://example.com){:target="_blank"} here.\n{: #plain .center}\n',
    );
    expect(body).toEqual([
      { blockType: 'callout', variant: 'warning', title: '', content: [{ paragraph: ['Watch out!', ' This paragraph has the class.'] }] },
      { blockType: 'callout', variant: 'note', title: '', content: [{ paragraph: ['Quoted advice.'] }] },
      { paragraph: ['A ', { link: 'https://example.com', text: 'link' }, ' here.'] },
    ]);
    expect(html).not.toContain('{:');
  });

  it('leaves attribute lists written in code as they are', async () => {
    const { body } = await read('Use `{: .notice}` like this:\n\n```markdown\nText.\n{: .notice--info}\n```\n');
    expect(body[0]).toEqual({ paragraph: ['Use ', '{: .notice}', ' like this:'] });
    expect(body[1]).toMatchObject({ blockType: 'code', code: 'Text.\n{: .notice--info}' });
  });
});

describe('a page’s own styles and scripts', () => {
  it('are dropped whole, never shown as text, with a warning', async () => {
    const { body, html, warnings } = await read('<style>\n.post h2 { color: red; }\n</style>\n\nText.\n\n<script>\ndocument.title = "x";\n</script>\n\n<script src="https://example.com/widget.js"></script>\n');
    expect(body).toEqual([{ paragraph: ['Text.'] }]);
    expect(html).not.toMatch(/color: red|document\.title/);
    expect(warnings).toContain('Removed 1 <style> element and 2 <script> elements: an article carries no styles or scripts of its own (the site\'s style applies)');
  });

  it('warn about nothing when there is none, and code showing them stays code', async () => {
    const { body, warnings } = await read('```html\n<style>p { margin: 0 }</style>\n```\n');
    expect(body).toEqual([expect.objectContaining({ blockType: 'code', code: '<style>p { margin: 0 }</style>' })]);
    expect(warnings.join(' ')).not.toMatch(/Removed/);
  });
});

describe('link posts', () => {
  it('import a post with only `external_url` as a body linking to its target by its title', async () => {
    const { body, candidate } = await read('', 'title: A fine essay elsewhere\ndate: 2024-01-02\nexternal_url: https://example.org/essay');
    expect(body).toEqual([{ paragraph: [{ link: 'https://example.org/essay', text: 'A fine essay elsewhere' }] }]);
    expect(candidate.published).toBe(true);
  });

  it('open with the link above what was written about it (Jekyll’s `link:`, `link_url`)', async () => {
    const jekyll = await read('Worth reading for the *second* part.\n', 'title: Their notes\ndate: 2024-01-02\nlink: https://example.net/notes');
    expect(jekyll.body).toEqual([{ paragraph: [{ link: 'https://example.net/notes', text: 'Their notes' }] }, { paragraph: ['Worth reading for the ', 'second', ' part.'] }]);
    const already = await read('As [they say](https://example.net/a), quite.\n', 'title: T\ndate: 2024-01-02\nlink_url: https://example.net/a');
    expect(already.body).toEqual([{ paragraph: ['As ', { link: 'https://example.net/a', text: 'they say' }, ', quite.'] }]);
  });

  it('still refuses a post with no body and no target, and a `link` that is no web address', async () => {
    await expect(read('', 'title: Empty\ndate: 2024-01-02')).rejects.toThrow('the article has no body');
    await expect(read('', 'title: Empty\ndate: 2024-01-02\nlink: javascript:alert(1)')).rejects.toThrow('the article has no body');
  });
});

describe('footnotes (GFM)', () => {
  it('keep the mark as a superscript link to its note and the note’s way back as a link to the mark', async () => {
    const { body } = await read('A claim.[^1] Another.[^note]\n\n[^1]: The source.\n[^note]: More.\n');
    const links = JSON.stringify(body);
    expect(body[0]).toEqual({ paragraph: ['A claim.', { link: '#fn-1', text: '1' }, ' Another.', { link: '#fn-note', text: '2' }] });
    expect(links).toContain('{"link":"#fnref-1","text":"↩"}');
    expect(links).toContain('{"link":"#fnref-note","text":"↩"}');
  });

  it('read kramdown’s and Hugo’s footnote markup in an HTML file the same way', async () => {
    const c = await readMarkdownArticle(
      'posts/a.html',
      '---\ntitle: T\ndate: 2024-01-02\n---\n<p>Text<sup id="fnref:1"><a href="#fn:1" class="footnote" rel="footnote" role="doc-noteref">1</a></sup></p><div class="footnotes" role="doc-endnotes"><ol><li id="fn:1"><p>Note. <a href="#fnref:1" class="reversefootnote" role="doc-backlink">&#8617;</a></p></li></ol></div>',
    );
    const body = shape(c.body.content.root.children);
    expect(body).toEqual([{ paragraph: ['Text', { link: '#fn-1', text: '1' }] }, { ol: [{ listitem: ['Note. ', { link: '#fnref-1', text: '↩' }] }] }]);
  });
});

describe('links to posts not in the archive', () => {
  const settle = async (markdown: string, site: string | undefined, others: { file: string; oldAddresses: string[] }[] = []) => {
    const { candidate } = await read(markdown);
    const c = { ...candidate, sourceSite: site, oldAddresses: ['/2024/01/02/a-post/'] };
    const rest = others.map((o) => ({ ...candidate, ...o, sourceSite: site }));
    const index = articleIndex([c, ...rest]);
    const settled = settleBody(c, { pictures: [], placed: new Map(), warnings: [] }, { index, newPage: (t) => `/articles/${t.file}` });
    return { body: shape(settled.content.root.children), warnings: settled.warnings };
  };

  it('keep the old site’s absolute address, named in a warning, while links to the import’s posts go to their new pages', async () => {
    const { body, warnings } = await settle(
      'See [gone](/2019/05/gone-post/), [sibling](../../03/sibling/), [kept](https://old.example.org/2023/kept/), [here](/2023/kept/) and [elsewhere](https://else.example/x).\n',
      'https://old.example.org',
      [{ file: 'posts/kept.md', oldAddresses: ['/2023/kept/'] }],
    );
    expect(body).toEqual([
      {
        paragraph: [
          'See ',
          { link: 'https://old.example.org/2019/05/gone-post/', text: 'gone' },
          ', ',
          { link: 'https://old.example.org/2024/01/03/sibling/', text: 'sibling' },
          ', ',
          { link: '/articles/posts/kept.md', text: 'kept' },
          ', ',
          { link: '/articles/posts/kept.md', text: 'here' },
          ' and ',
          { link: 'https://else.example/x', text: 'elsewhere' },
          '.',
        ],
      },
    ]);
    expect(warnings).toEqual([
      "Links to pages of the old site that are not in this import keep the old site's address (they work while it is online): https://old.example.org/2019/05/gone-post/, https://old.example.org/2024/01/03/sibling/",
    ]);
  });

  it('warn that a link leads nowhere when the old site’s address is not known, and leave anchors, mail and footnotes alone', async () => {
    const { body, warnings } = await settle('[Gone](/gone/) [mail](mailto:a@example.com) [top](#top) note[^1]\n\n[^1]: N.\n', undefined);
    expect(JSON.stringify(body)).toContain('{"link":"/gone/","text":"Gone"}');
    expect(warnings).toEqual(["Links to pages of the old site that are not in this import lead nowhere here, and the old site's address is not known (its configuration names none): /gone/"]);
  });
});

describe('mathematics (KaTeX’s syntax: `$…$` in a sentence, `$$…$$` on its own)', () => {
  it('keeps display TeX whole as a math block and inline TeX as `$…$` code, `_` never italics', async () => {
    const { body } = await read('The sum $a_i + b_i$ is small.\n\n$$\n\\sum_{i=1}^n a_i b_i\n$$\n\nIt costs $5 and $10.\n');
    expect(body).toEqual([
      { paragraph: ['The sum ', '$a_i + b_i$', ' is small.'] },
      { blockType: 'math', tex: '\\sum_{i=1}^n a_i b_i' },
      { paragraph: ['It costs $5 and $10.'] },
    ]);
  });

  it('keeps TeX’s braces from being read as template tags', async () => {
    const { body, warnings } = await read('$$\nx^{{2}} + \\frac{{a}}{b}\n$$\n');
    expect(body).toEqual([{ blockType: 'math', tex: 'x^{{2}} + \\frac{{a}}{b}' }]);
    expect(warnings.join(' ')).not.toMatch(/template tags/);
  });

  it('reads KaTeX’s rendered output and Pandoc’s math spans in an HTML file back to TeX', async () => {
    const katex = renderMath('\\sqrt{2}', true);
    const inline = renderMath('x_1', false);
    const c = await readMarkdownArticle('posts/a.html', `---\ntitle: T\ndate: 2024-01-02\n---\n<p>${katex}</p><p>So ${inline} and <span class="math inline">\\(y^2\\)</span>.</p><p><span class="math display">\\[z\\]</span></p>`);
    expect(shape(c.body.content.root.children)).toEqual([{ blockType: 'math', tex: '\\sqrt{2}' }, { paragraph: ['So ', '$x_1$', ' and ', '$y^2$', '.'] }, { blockType: 'math', tex: 'z' }]);
  });

  it('comes back the same through the page and the content export (Markdown → body → HTML → Markdown → body)', async () => {
    const first = await read('Inline $e^{i\\pi}+1=0$ here.\n\n$$\n\\int_0^1 x^2\\,dx = \\tfrac13\n$$\n');
    const page = sanitizeArticleHtml(
      mathBlock.toHtml((first.candidate.body.content.root.children[1] as unknown as { fields: never }).fields, { html: () => '', highlight: (s) => s }) + '<p>Inline <code>$e^{i\\pi}+1=0$</code> here.</p>',
    );
    expect(page).toContain('<annotation encoding="application/x-tex">\\int_0^1 x^2\\,dx = \\tfrac13</annotation>');
    expect(page).toContain('<annotation encoding="application/x-tex">e^{i\\pi}+1=0</annotation>');
    const exported = bodyMarkdown(first.candidate.body.content as never).markdown;
    expect(exported).toContain('$$\n\\int_0^1 x^2\\,dx = \\tfrac13\n$$');
    const again = await read(exported);
    expect(again.body).toEqual(first.body);
  });
});

describe('a fenced block inside a list item (issue 49 #2)', () => {
  const steps = 'Before you start:\n\n1. Install the tools:\n\n   ```bash\n   npm install --save-dev calm-tools\n   calm init\n   ```\n\n2. Run them once.\n3. Deploy.\n';
  const values = (c: Awaited<ReturnType<typeof read>>['candidate']) => (c.body.content.root.children as unknown as { type: string; children?: { value?: number }[] }[]).filter((n) => n.type === 'list').map((l) => l.children!.map((i) => i.value));

  it('stays a block inside its item, after the item’s text, in one list numbered 1, 2, 3', async () => {
    const { body, html, candidate } = await read(steps);
    expect(body).toEqual([
      { paragraph: ['Before you start:'] },
      { ol: [{ listitem: ['Install the tools:', { blockType: 'code', language: 'bash', code: 'npm install --save-dev calm-tools\ncalm init' }] }, { listitem: ['Run them once.'] }, { listitem: ['Deploy.'] }] },
    ]);
    expect(values(candidate)).toEqual([[1, 2, 3]]);
    // The preview's page: the <pre> inside the <li>.
    expect(html).toMatch(/<li>\s*<p>Install the tools:<\/p>\s*<pre><code class="language-bash">npm install --save-dev calm-tools\ncalm init\n<\/code><\/pre>\s*<\/li>/);
  });

  it('comes back the same through the content export, written indented inside its item (Markdown → body → Markdown → body)', async () => {
    const first = await read(steps);
    const exported = bodyMarkdown(first.candidate.body.content as never).markdown;
    expect(exported).toBe('Before you start:\n\n1. Install the tools:\n   ```bash\n   npm install --save-dev calm-tools\n   calm init\n   ```\n2. Run them once.\n3. Deploy.\n');
    const again = await read(exported);
    expect(again.body).toEqual(first.body);
    expect(values(again.candidate)).toEqual([[1, 2, 3]]);
  });
});
