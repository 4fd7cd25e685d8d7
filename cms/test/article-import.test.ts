import type { PayloadRequest } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleImport } from '@app/shared/schemas';
import { ARTICLE_HTML_SCHEMA, lexicalFromHast } from '@app/shared/server';
import type { Root } from 'hast';
import rehypeParse from 'rehype-parse';
import rehypeSanitize from 'rehype-sanitize';
import { unified } from 'unified';
import { serviceImport } from '../src/endpoints/service-import';
import { PRIVATE_CMS_URL, startPayload, TEST_SECRET } from './payload-test';

let ctx: Awaited<ReturnType<typeof startPayload>>;
beforeAll(async () => {
  ctx = await startPayload();
});
afterAll(async () => ctx?.close());

// A 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** An imported body as the API builds it: sanitized HTML, then the stored Lexical shapes with picture slots. */
function bodyOf(html: string) {
  const tree = unified().use(rehypeSanitize, ARTICLE_HTML_SCHEMA).runSync(unified().use(rehypeParse, { fragment: true }).parse(html)) as Root;
  return { html, ...lexicalFromHast(tree) };
}
const plain = (html: string) => ({ html, content: bodyOf(html).content });

async function importArticle(article: ArticleImport, secret = TEST_SECRET): Promise<{ status: number; body: { id?: number; message?: string } }> {
  const req = { headers: new Headers({ host: new URL(PRIVATE_CMS_URL).host, 'x-internal-secret': secret }), json: async () => article, payload: ctx.payload } as unknown as PayloadRequest;
  const res = await serviceImport.handler(req);
  return { status: res.status, body: await res.json() };
}

describe('the service import endpoint', () => {
  it('keeps the publish date, the draft state, the author, the source slug and the thumbnail, and creates the category with its title', async () => {
    expect((await importArticle({ title: 'x', category: 'a', membershipRequired: 'free', ...plain('<p>x</p>') }, 'wrong')).status).toBe(403);
    const res = await importArticle({
      title: 'From Ghost',
      category: 'deep-work',
      categoryTitle: 'Deep Work',
      membershipRequired: 'pro',
      publishDate: '2023-04-05T09:30:00+02:00',
      published: false,
      author: 'Ada Writer',
      sourceSlug: 'from-ghost',
      ...plain('<h2>Hello</h2><p>Body <strong>bold</strong></p>'),
      thumbnail: { name: 'cover.png', mimetype: 'image/png', base64: PNG },
    });
    expect(res.status).toBe(201);
    const doc = await ctx.payload.findByID({ collection: 'articles', id: res.body.id!, depth: 1, overrideAccess: true });
    expect(doc).toMatchObject({ title: 'From Ghost', author: 'Ada Writer', published: false, sourceSlug: 'from-ghost', publishDate: '2023-04-05T07:30:00.000Z', membershipRequired: 'pro' });
    expect(doc.category).toMatchObject({ slug: 'deep-work', title: 'Deep Work' });
    expect(doc.thumbnail).toMatchObject({ mimeType: 'image/png' });
    expect(doc.contentHtml).toContain('<strong>bold</strong>');
  });

  it('overwrites the article named by `replaces`, keeping its thumbnail when the import brings none', async () => {
    const first = await importArticle({ title: 'Old title', category: 'deep-work', membershipRequired: 'free', sourceSlug: 'again', ...plain('<p>old</p>'), thumbnail: { name: 'c.png', mimetype: 'image/png', base64: PNG } });
    const again = await importArticle({ title: 'New title', category: 'deep-work', membershipRequired: 'free', sourceSlug: 'again', ...plain('<p>new</p>'), replaces: first.body.id });
    expect(again).toEqual({ status: 200, body: { id: first.body.id } });
    const doc = await ctx.payload.findByID({ collection: 'articles', id: first.body.id!, depth: 0, overrideAccess: true });
    expect(doc).toMatchObject({ title: 'New title', published: true });
    expect(doc.contentHtml).toContain('new');
    expect(doc.thumbnail).toEqual(expect.any(Number));
    expect((await ctx.payload.find({ collection: 'articles', where: { sourceSlug: { equals: 'again' } }, overrideAccess: true })).totalDocs).toBe(1);
  });

  it('keeps a body’s code, table, captioned picture (made a Media document) and video: HTML → Lexical → HTML', async () => {
    const body = bodyOf(
      '<p>Intro with <code>{{ site.title }}</code>.</p><pre><code class="language-liquid">{% raw %}{{ page.title }}{% endraw %}\n  indented</code></pre>' +
        '<table><thead><tr><th>Step</th><th>Time</th></tr></thead><tbody><tr><td>Breathe</td><td>4 s</td></tr></tbody></table>' +
        '<figure><img src="/img/lake.png" alt="A calm lake"><figcaption>Morning at the lake</figcaption></figure>' +
        '<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">https://www.youtube.com/watch?v=dQw4w9WgXcQ</a></p><blockquote><p>Quoted</p></blockquote>',
    );
    expect(body.counts).toEqual({ codeBlocks: 1, tables: 1, pictures: 1, embeds: 1 });
    const res = await importArticle({ title: 'Rich import', category: 'deep-work', membershipRequired: 'free', html: body.html, content: body.content, pictures: [{ name: 'lake.png', mimetype: 'image/png', base64: PNG, alt: 'A calm lake' }] });
    expect(res.status).toBe(201);
    const doc = await ctx.payload.findByID({ collection: 'articles', id: res.body.id!, depth: 0, overrideAccess: true });
    const html = doc.contentHtml ?? '';
    expect(html).toMatch(/<pre[^>]*>[\s\S]*\{%[\s\S]*raw[\s\S]*page\.title[\s\S]*<\/pre>/);
    expect(html).toContain('<th');
    expect(html).toContain('Breathe');
    expect(html).toMatch(/<figure[\s\S]*<img[^>]+alt="A calm lake"[\s\S]*<figcaption>Morning at the lake<\/figcaption>/);
    expect(html).toContain('data-embed-src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&#x26;rel=0"');
    expect(html).toContain('<blockquote>');
    const upload = (doc.content.root.children as { type: string; value?: unknown }[]).find((n) => n.type === 'upload');
    expect(upload?.value).toEqual(expect.any(Number));
  });

  it('names the field the CMS refuses, and a picture slot with no picture', async () => {
    const body = bodyOf('<p><img src="/x.png" alt="x"></p>');
    const res = await importArticle({ title: 'Missing picture', category: 'deep-work', membershipRequired: 'free', html: '<p>x</p>', content: body.content });
    expect(res).toEqual({ status: 400, body: { message: 'content: picture 0 is not among the pictures sent' } });
  });

  it('leaves unpublished articles out of the read the API and the site build make', async () => {
    const shown = await ctx.payload.find({ collection: 'articles', where: { published: { not_equals: false } }, pagination: false, overrideAccess: true });
    const titles = shown.docs.map((d) => d.title);
    expect(titles).toContain('New title');
    expect(titles).not.toContain('From Ghost');
  });
});
