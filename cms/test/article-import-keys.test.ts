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

// Issue 49 #4: each source file is written once, whatever reaches the CMS twice; an update replaces.
let ctx: Awaited<ReturnType<typeof startPayload>>;
beforeAll(async () => {
  ctx = await startPayload();
});
afterAll(async () => ctx?.close());

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const key = (c: string) => c.repeat(64);

function bodyOf(html: string) {
  const tree = unified().use(rehypeSanitize, ARTICLE_HTML_SCHEMA).runSync(unified().use(rehypeParse, { fragment: true }).parse(html)) as Root;
  return { html, content: lexicalFromHast(tree).content };
}

async function importArticle(article: ArticleImport): Promise<{ status: number; body: { id?: number; message?: string; alreadyImported?: boolean; addressesTaken?: string[] } }> {
  const req = { headers: new Headers({ host: new URL(PRIVATE_CMS_URL).host, 'x-internal-secret': TEST_SECRET, 'x-import-batch': '1' }), json: async () => article, payload: ctx.payload } as unknown as PayloadRequest;
  const res = await serviceImport.handler(req);
  return { status: res.status, body: await res.json() };
}

const count = async (collection: 'articles' | 'media' | 'categories', where: Record<string, unknown> = {}) =>
  (await ctx.payload.count({ collection, where, overrideAccess: true } as Parameters<typeof ctx.payload.count>[0])).totalDocs;

describe('an import’s writes, by the source file’s key', () => {
  it('answers a second write of the same file with the article the first made, never a second copy', async () => {
    const article = { title: 'Written once', category: 'keys', membershipRequired: 'free' as const, importKey: key('a'), ...bodyOf('<p>once</p>') };
    const first = await importArticle(article);
    expect(first).toEqual({ status: 201, body: { id: expect.any(Number) } });
    // The answer was lost on the way, and the API writes again.
    const retry = await importArticle(article);
    expect(retry).toEqual({ status: 200, body: { id: first.body.id, alreadyImported: true } });
    expect(await count('articles', { importKey: { equals: key('a') } })).toBe(1);
  });

  it('makes one article of two writes of one file arriving together (the slow first one and its retry)', async () => {
    const article = { title: 'Raced', category: 'keys', membershipRequired: 'free' as const, importKey: key('b'), ...bodyOf('<p>race</p>') };
    const [one, two] = await Promise.all([importArticle(article), importArticle(article)]);
    expect(one.body.id).toEqual(two.body.id);
    expect([one.body.alreadyImported, two.body.alreadyImported].filter(Boolean)).toHaveLength(1);
    expect(await count('articles', { title: { equals: 'Raced' } })).toBe(1);
  });

  it('leaves nothing behind when a write fails part-way: no picture, no new category, no article', async () => {
    const mediaBefore = await count('media');
    const body = bodyOf('<p><img src="/a.png" alt="a"><img src="/b.png" alt="b"></p>');
    // The second picture slot has no picture: refused after the first picture was stored.
    const res = await importArticle({ title: 'Half', category: 'never-made', membershipRequired: 'free', importKey: key('c'), html: body.html, content: body.content, pictures: [{ name: 'a.png', mimetype: 'image/png', base64: PNG, alt: 'a', source: '/a.png' }] });
    expect(res).toEqual({ status: 400, body: { message: 'content: picture 1 is not among the pictures sent' } });
    expect(await count('media')).toBe(mediaBefore);
    expect(await count('categories', { slug: { equals: 'never-made' } })).toBe(0);
    expect(await count('articles', { importKey: { equals: key('c') } })).toBe(0);
  });

  it('replaces an article’s pictures and old addresses on each update instead of adding copies', async () => {
    const body = bodyOf('<p><img src="/img/lake.png" alt="Lake"></p><p><img src="/img/lake.png" alt="Lake again"></p>');
    const version = (n: number, oldAddresses: string[]): ArticleImport => ({
      title: `Updated ${n}`,
      category: 'keys',
      membershipRequired: 'free',
      importKey: key('d'),
      html: body.html,
      content: body.content,
      pictures: [
        { name: 'lake.png', mimetype: 'image/png', base64: PNG, alt: 'Lake', source: '/img/lake.png' },
        { name: 'lake.png', mimetype: 'image/png', base64: PNG, alt: 'Lake again', source: '/img/lake.png' },
      ],
      thumbnail: { name: 'cover.png', mimetype: 'image/png', base64: PNG, source: 'https://old.example/cover.png' },
      oldAddresses,
    });
    const created = await importArticle(version(1, ['/2019/lake/', '/?p=7']));
    expect(created.status).toBe(201);
    const id = created.body.id!;
    const mediaAfterCreate = await count('media');
    for (const n of [2, 3]) expect(await importArticle({ ...version(n, ['/2019/lake/', '/lake-moved/']), replaces: id })).toEqual({ status: 200, body: { id } });

    expect(await count('media')).toBe(mediaAfterCreate);
    expect(await count('media', { importSource: { like: key('d') } })).toBe(2);
    const addresses = await ctx.payload.find({ collection: 'old-addresses', where: { article: { equals: id } }, sort: 'path', depth: 0, overrideAccess: true });
    expect(addresses.docs.map((d) => d.path)).toEqual(['/2019/lake', '/lake-moved']);
    const doc = await ctx.payload.findByID({ collection: 'articles', id, depth: 0, overrideAccess: true });
    const uploads = (doc.content.root.children as { children?: { type: string; value?: number }[]; type: string; value?: number }[]).flatMap((n) => (n.type === 'upload' ? [n] : (n.children ?? []).filter((c) => c.type === 'upload')));
    expect(uploads.map((u) => u.value)).toEqual([uploads[0]!.value, uploads[0]!.value]);
    expect(doc).toMatchObject({ title: 'Updated 3', importKey: key('d') });
  });

  it('stores every article’s picture of the same name under a name of its own, never counting up past the others', async () => {
    // Payload makes a taken name free by trying cover-1.png, cover-2.png … one query each: the k-th
    // article of a site whose posts all carry a cover.png would try k names (issue 49's scale bench).
    const ids: number[] = [];
    for (const c of ['1', '2', '3']) {
      const res = await importArticle({ title: `Cover ${c}`, category: 'keys', membershipRequired: 'free', importKey: key(c), ...bodyOf('<p>cover</p>'), thumbnail: { name: 'cover.png', mimetype: 'image/png', base64: PNG, source: '/cover.png' } });
      expect(res.status).toBe(201);
      ids.push(res.body.id!);
    }
    const media = await ctx.payload.find({ collection: 'media', where: { importSource: { in: ['1', '2', '3'].map((c) => `${key(c)} /cover.png`) } }, depth: 0, overrideAccess: true });
    const names = media.docs.map((d) => d.filename!);
    expect(names).toHaveLength(3);
    expect(new Set(names).size).toBe(3);
    for (const name of names) expect(name).toMatch(/^cover-[0-9a-f]{8}\.png$/);
  });

  it('gives an article imported before keys the key of the update that replaces it', async () => {
    const old = await importArticle({ title: 'Before keys', category: 'keys', membershipRequired: 'free', ...bodyOf('<p>old</p>') });
    expect(await importArticle({ title: 'Before keys', category: 'keys', membershipRequired: 'free', importKey: key('e'), replaces: old.body.id, ...bodyOf('<p>new</p>') })).toEqual({ status: 200, body: { id: old.body.id } });
    expect(await importArticle({ title: 'Before keys', category: 'keys', membershipRequired: 'free', importKey: key('e'), ...bodyOf('<p>new</p>') })).toEqual({ status: 200, body: { id: old.body.id, alreadyImported: true } });
  });
});
