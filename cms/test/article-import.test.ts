import type { PayloadRequest } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleImport } from '@app/shared/schemas';
import { ARTICLE_HTML_SCHEMA, lexicalFromHast, toInteractiveData, type CmsArticle } from '@app/shared/server';
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

async function importArticle(article: ArticleImport, secret = TEST_SECRET, extra: Record<string, string> = {}): Promise<{ status: number; body: { id?: number; message?: string; addressesTaken?: string[] } }> {
  const req = { headers: new Headers({ host: new URL(PRIVATE_CMS_URL).host, 'x-internal-secret': secret, ...extra }), json: async () => article, payload: ctx.payload } as unknown as PayloadRequest;
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
    expect(doc).toMatchObject({ title: 'From Ghost', author: 'Ada Writer', _status: 'draft', sourceSlug: 'from-ghost', publishDate: '2023-04-05T07:30:00.000Z', membershipRequired: 'pro' });
    expect(doc.category).toMatchObject({ slug: 'deep-work', title: 'Deep Work' });
    expect(doc.thumbnail).toMatchObject({ mimeType: 'image/png' });
    expect(doc.contentHtml).toContain('<strong>bold</strong>');
  });

  it('keeps a draft with no body yet as a draft: only publishing needs one (issue 47 #8, the export’s round trip)', async () => {
    const res = await importArticle({ title: 'Half written', category: 'deep-work', membershipRequired: 'free', published: false, ...plain('') });
    expect(res.status, res.body.message).toBe(201);
    const doc = await ctx.payload.findByID({ collection: 'articles', id: res.body.id!, draft: true, overrideAccess: true });
    expect(doc).toMatchObject({ title: 'Half written', _status: 'draft' });
  });

  it('keeps a draft with no category yet as a draft without one; a published article needs one (issue 47 #8)', async () => {
    const res = await importArticle({ title: 'No shelf yet', membershipRequired: 'free', published: false, ...plain('<p>Where does this go?</p>') });
    expect(res.status, res.body.message).toBe(201);
    const doc = await ctx.payload.findByID({ collection: 'articles', id: res.body.id!, draft: true, overrideAccess: true });
    expect(doc).toMatchObject({ title: 'No shelf yet', _status: 'draft', category: null });
    const published = await importArticle({ title: 'On the site', membershipRequired: 'free', published: true, ...plain('<p>Live.</p>') });
    expect(published).toMatchObject({ status: 400, body: { message: expect.stringContaining('a published article needs a category') } });
  });

  it('stores interactive data given as the site reads it (lists of text) as the CMS’s rows, which the site reads back the same', async () => {
    const interactiveData = {
      characterGuides: [{ type: 'coach', title: 'Breathe', message: 'In for four.', triggerAt: 40, showAutomatically: true }],
      quiz: { title: 'Check', description: 'One question', pointsPerQuestion: 10, questions: [{ question: 'Why?', options: ['a', 'b'], correctAnswer: 1, explanation: 'Because.' }] },
      keyPoints: ['Slow down'],
      experiment: { title: 'Try it', description: 'A week', steps: ['Day one'], conclusion: 'Done' },
    };
    const res = await importArticle({ title: 'Interactive', category: 'deep-work', membershipRequired: 'free', ...plain('<p>x</p>'), interactiveData });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const doc = await ctx.payload.findByID({ collection: 'articles', id: res.body.id!, depth: 0, overrideAccess: true });
    expect(toInteractiveData(doc as unknown as CmsArticle)).toEqual(interactiveData);
  });

  it('overwrites the article named by `replaces`, keeping its thumbnail when the import brings none', async () => {
    const first = await importArticle({ title: 'Old title', category: 'deep-work', membershipRequired: 'free', sourceSlug: 'again', ...plain('<p>old</p>'), thumbnail: { name: 'c.png', mimetype: 'image/png', base64: PNG } });
    const again = await importArticle({ title: 'New title', category: 'deep-work', membershipRequired: 'free', sourceSlug: 'again', ...plain('<p>new</p>'), replaces: first.body.id });
    expect(again).toEqual({ status: 200, body: { id: first.body.id } });
    const doc = await ctx.payload.findByID({ collection: 'articles', id: first.body.id!, depth: 0, overrideAccess: true });
    expect(doc).toMatchObject({ title: 'New title', _status: 'published' });
    expect(doc.contentHtml).toContain('new');
    expect(doc.thumbnail).toEqual(expect.any(Number));
    expect((await ctx.payload.find({ collection: 'articles', where: { sourceSlug: { equals: 'again' } }, overrideAccess: true })).totalDocs).toBe(1);
  });

  it('keeps the source site, the tags and the old addresses; a deleted article’s addresses stay, leading nowhere (410)', async () => {
    const addressesOf = async (id: number | null) =>
      (await ctx.payload.find({ collection: 'old-addresses', where: id === null ? { article: { exists: false } } : { article: { equals: id } }, depth: 0, sort: 'path', overrideAccess: true })).docs.map((d) => d.path);
    const res = await importArticle({
      title: 'Moved here',
      category: 'deep-work',
      membershipRequired: 'free',
      sourceSlug: 'moved-here',
      sourceSite: 'https://old.example',
      tags: ['focus', 'habits'],
      oldAddresses: ['/2019/03/04/Moved-Here.html', '/2019/03/04/moved-here/', '/?p=41', '/api/not-an-address'],
      ...plain('<p>moved</p>'),
    });
    expect(res).toEqual({ status: 201, body: { id: expect.any(Number) } });
    const id = res.body.id!;
    expect(await ctx.payload.findByID({ collection: 'articles', id, depth: 0, overrideAccess: true })).toMatchObject({ sourceSite: 'https://old.example', tags: ['focus', 'habits'] });
    // One normal form per address (two forms of one permalink are one row); the edges' own paths are never addresses.
    expect(await addressesOf(id)).toEqual(['/2019/03/04/moved-here', '/?p=41']);

    // Another article claiming a held address leaves it where it is, and says so.
    const other = await importArticle({ title: 'Other', category: 'deep-work', membershipRequired: 'free', oldAddresses: ['/?p=41', '/other-post/'], ...plain('<p>other</p>') });
    expect(other.body).toEqual({ id: expect.any(Number), addressesTaken: ['/?p=41'] });

    await ctx.payload.delete({ collection: 'articles', id, overrideAccess: true });
    expect(await addressesOf(id)).toEqual([]);
    expect(await addressesOf(null)).toEqual(expect.arrayContaining(['/2019/03/04/moved-here']));
    // A later import may take a deleted article's address.
    const back = await importArticle({ title: 'Moved back', category: 'deep-work', membershipRequired: 'free', oldAddresses: ['/2019/03/04/moved-here'], ...plain('<p>back</p>') });
    expect(back.body.addressesTaken).toBeUndefined();
    expect(await addressesOf(back.body.id!)).toEqual(['/2019/03/04/moved-here']);
  });

  it('announces each article it writes, except an import’s (the API signals once when the import ends)', async () => {
    const settle = () => new Promise((r) => setTimeout(r, 300));
    await settle();
    let before = ctx.signals.length;
    const one = await importArticle({ title: 'Alone', category: 'batch-test', membershipRequired: 'free', oldAddresses: ['/alone/'], ...plain('<p>alone</p>') });
    await settle();
    expect(ctx.signals.slice(before).map((s) => s.collection)).toEqual(expect.arrayContaining(['categories', 'articles', 'old-addresses']));
    before = ctx.signals.length;
    const batch = await importArticle({ title: 'One of many', category: 'batch-test-2', membershipRequired: 'free', oldAddresses: ['/one-of-many/'], ...plain('<p>many</p>') }, TEST_SECRET, { 'x-import-batch': '1' });
    await settle();
    expect([one.status, batch.status]).toEqual([201, 201]);
    expect(ctx.signals.slice(before)).toEqual([]);
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
    const shown = await ctx.payload.find({ collection: 'articles', where: { _status: { equals: 'published' } }, pagination: false, overrideAccess: true });
    const titles = shown.docs.map((d) => d.title);
    expect(titles).toContain('New title');
    expect(titles).not.toContain('From Ghost');
  });
});
