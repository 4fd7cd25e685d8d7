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

// Issue 49 #6: a picture the CMS cannot store is left out and named, and its article is written;
// an article whose source date was not a date waits, undated, as a draft.
let ctx: Awaited<ReturnType<typeof startPayload>>;
beforeAll(async () => {
  ctx = await startPayload();
});
afterAll(async () => ctx?.close());

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
/** A PNG's signature and header with nothing decodable after it: what a storage that cannot take the file sees. */
const BROKEN = Buffer.concat([Buffer.from(PNG, 'base64').subarray(0, 33), Buffer.alloc(64, 9)]).toString('base64');
const key = (c: string) => c.repeat(64);

function bodyOf(html: string) {
  const tree = unified().use(rehypeSanitize, ARTICLE_HTML_SCHEMA).runSync(unified().use(rehypeParse, { fragment: true }).parse(html)) as Root;
  return { html, content: lexicalFromHast(tree).content };
}

async function importArticle(article: ArticleImport) {
  const req = { headers: new Headers({ host: new URL(PRIVATE_CMS_URL).host, 'x-internal-secret': TEST_SECRET, 'x-import-batch': '1' }), json: async () => article, payload: ctx.payload } as unknown as PayloadRequest;
  const res = await serviceImport.handler(req);
  return { status: res.status, body: (await res.json()) as { id?: number; message?: string; picturesLeftOut?: { name: string; source?: string; reason: string }[] } };
}

const count = async (collection: 'articles' | 'media', where: Record<string, unknown> = {}) =>
  (await ctx.payload.count({ collection, where, overrideAccess: true } as Parameters<typeof ctx.payload.count>[0])).totalDocs;

describe('an imported article with a picture the CMS cannot store', () => {
  it('is written without it, the others placed where they were, and the answer names it', async () => {
    const mediaBefore = await count('media');
    const body = bodyOf('<p><img src="/a.png" alt="first"></p><p><img src="/b.png" alt="broken"></p><p><img src="/c.png" alt="third"></p>');
    const res = await importArticle({
      title: 'One picture short',
      category: 'bad-input',
      membershipRequired: 'free',
      importKey: key('e'),
      ...body,
      pictures: [
        { name: 'a.png', mimetype: 'image/png', base64: PNG, alt: 'first', source: '/a.png' },
        { name: 'b.png', mimetype: 'image/png', base64: BROKEN, alt: 'broken', source: '/b.png' },
        { name: 'c.png', mimetype: 'image/png', base64: PNG, alt: 'third', source: '/c.png' },
      ],
      thumbnail: { name: 'cover.png', mimetype: 'image/png', base64: BROKEN, source: 'https://old.example/cover.png' },
    });
    expect(res.status).toBe(201);
    expect(res.body.picturesLeftOut).toEqual([
      { name: 'cover.png', source: 'https://old.example/cover.png', reason: expect.any(String) },
      { name: 'b.png', source: '/b.png', reason: expect.any(String) },
    ]);
    const doc = await ctx.payload.findByID({ collection: 'articles', id: res.body.id!, depth: 1, overrideAccess: true, draft: true });
    expect(doc.thumbnail ?? null).toBeNull();
    type Node = { type: string; value?: { alt?: string }; children?: Node[] };
    const uploads = (nodes: Node[]): Node[] => nodes.flatMap((n) => (n.type === 'upload' ? [n] : uploads(n.children ?? [])));
    expect(uploads((doc.content as unknown as { root: { children: Node[] } }).root.children).map((u) => u.value?.alt)).toEqual(['first', 'third']);
    // Only what was kept is stored: nothing of the failed attempts is left behind.
    expect(await count('media')).toBe(mediaBefore + 2);
    expect(doc.contentHtml).toContain('alt="first"');
    expect(doc.contentHtml).not.toContain('broken');
  });
});

describe('an imported article whose date was not a date', () => {
  it('is kept as a draft without a date — never today’s — and may not be published without one', async () => {
    const res = await importArticle({ title: 'Needs a date', category: 'bad-input', membershipRequired: 'free', published: false, publishDate: null, importKey: key('f'), ...bodyOf('<p>When?</p>') });
    expect(res.status).toBe(201);
    const doc = await ctx.payload.findByID({ collection: 'articles', id: res.body.id!, depth: 0, overrideAccess: true, draft: true });
    expect([doc._status, doc.publishDate ?? null]).toEqual(['draft', null]);
    await expect(ctx.payload.update({ collection: 'articles', id: doc.id, data: { _status: 'published' }, overrideAccess: true })).rejects.toThrow(/Publish Date/i);
    const refused = await importArticle({ title: 'Published without a date', category: 'bad-input', membershipRequired: 'free', published: true, publishDate: null, ...bodyOf('<p>Now?</p>') });
    expect(refused).toEqual({ status: 400, body: { message: 'Invalid article: publishDate: a published article needs a date' } });
  });
});
