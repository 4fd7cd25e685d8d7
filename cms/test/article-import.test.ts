import type { PayloadRequest } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleImport } from '@app/shared/schemas';
import { serviceImport } from '../src/endpoints/service-import';
import { PRIVATE_CMS_URL, startPayload, TEST_SECRET } from './payload-test';

let ctx: Awaited<ReturnType<typeof startPayload>>;
beforeAll(async () => {
  ctx = await startPayload();
});
afterAll(async () => ctx?.close());

// A 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function importArticle(article: ArticleImport, secret = TEST_SECRET): Promise<{ status: number; body: { id?: number; message?: string } }> {
  const req = { headers: new Headers({ host: new URL(PRIVATE_CMS_URL).host, 'x-internal-secret': secret }), json: async () => article, payload: ctx.payload } as unknown as PayloadRequest;
  const res = await serviceImport.handler(req);
  return { status: res.status, body: await res.json() };
}

describe('the service import endpoint', () => {
  it('keeps the publish date, the draft state, the author, the source slug and the thumbnail, and creates the category with its title', async () => {
    expect((await importArticle({ title: 'x', category: 'a', membershipRequired: 'free', html: '<p>x</p>' }, 'wrong')).status).toBe(403);
    const res = await importArticle({
      title: 'From Ghost',
      category: 'deep-work',
      categoryTitle: 'Deep Work',
      membershipRequired: 'pro',
      publishDate: '2023-04-05T09:30:00+02:00',
      published: false,
      author: 'Ada Writer',
      sourceSlug: 'from-ghost',
      html: '<h2>Hello</h2><p>Body <strong>bold</strong></p>',
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
    const first = await importArticle({ title: 'Old title', category: 'deep-work', membershipRequired: 'free', sourceSlug: 'again', html: '<p>old</p>', thumbnail: { name: 'c.png', mimetype: 'image/png', base64: PNG } });
    const again = await importArticle({ title: 'New title', category: 'deep-work', membershipRequired: 'free', sourceSlug: 'again', html: '<p>new</p>', replaces: first.body.id });
    expect(again).toEqual({ status: 200, body: { id: first.body.id } });
    const doc = await ctx.payload.findByID({ collection: 'articles', id: first.body.id!, depth: 0, overrideAccess: true });
    expect(doc).toMatchObject({ title: 'New title', published: true });
    expect(doc.contentHtml).toContain('new');
    expect(doc.thumbnail).toEqual(expect.any(Number));
    expect((await ctx.payload.find({ collection: 'articles', where: { sourceSlug: { equals: 'again' } }, overrideAccess: true })).totalDocs).toBe(1);
  });

  it('leaves unpublished articles out of the read the API and the site build make', async () => {
    const shown = await ctx.payload.find({ collection: 'articles', where: { published: { not_equals: false } }, pagination: false, overrideAccess: true });
    const titles = shown.docs.map((d) => d.title);
    expect(titles).toContain('New title');
    expect(titles).not.toContain('From Ghost');
  });
});
