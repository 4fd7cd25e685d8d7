import { readdir } from 'node:fs/promises';
import { handleEndpoints, type PayloadRequest } from 'payload';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBucket } from '@app/test-support/test-bucket';
import type { ArticleImport } from '@app/shared/schemas';
import { ARTICLE_HTML_SCHEMA, lexicalEditorState, lexicalFromHast, lexicalParagraph, lexicalText, mediaObjectUrl, mediaStorageFromEnv, mediaUrl, uploadNode, type MediaBucket } from '@app/shared/server';
import type { Root } from 'hast';
import rehypeParse from 'rehype-parse';
import rehypeSanitize from 'rehype-sanitize';
import { unified } from 'unified';
import { serviceImport } from '../src/endpoints/service-import';
import { PRIVATE_CMS_URL, startPayload, TEST_SECRET } from './payload-test';

// The Media collection with MEDIA_S3_* set: Payload's S3 adapter against a real S3-compatible
// server (s3rver), in the bucket and below the prefix the API's avatars use.
const bucket = await startTestBucket('cms-media');
const env = bucket.env('site/');
Object.assign(process.env, env);
const storage = mediaStorageFromEnv(env, '/unused') as MediaBucket & { kind: 's3' };

let ctx: Awaited<ReturnType<typeof startPayload>>;
let category: number;
beforeAll(async () => {
  ctx = await startPayload();
  category = (await ctx.payload.create({ collection: 'categories', data: { slug: 'harbours', title: 'Harbours' }, overrideAccess: true })).id;
});
afterAll(async () => {
  await ctx?.close();
  await bucket.close();
  for (const name of Object.keys(env)) delete process.env[name];
});

const photo = (width: number, height: number, background = '#3366cc') => sharp({ create: { width, height, channels: 3, background } }).jpeg().toBuffer();
const upload = async (name: string, data: Buffer) =>
  ctx.payload.create({ collection: 'media', data: { alt: 'A blue harbour' }, file: { data, mimetype: 'image/jpeg', name, size: data.length }, overrideAccess: true });
/** Every file of a Media document: the original and each image size. */
const filesOf = (doc: { filename?: string | null; sizes?: Record<string, { filename?: string | null } | undefined> | null }) =>
  [doc.filename, ...Object.values(doc.sizes ?? {}).map((s) => s?.filename)].filter((n): n is string => Boolean(n));
/** What a browser gets for a /media/ address: the edge reads it from the bucket's public address. */
const fetchPublic = async (address: string) => {
  const res = await fetch(mediaObjectUrl(storage, address.slice('/media/'.length)));
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
};

describe('CMS media in the bucket (MEDIA_S3_*)', () => {
  it('puts an upload and all its image sizes in the bucket below the prefix, none on disk, each at its public /media/ address', async () => {
    const data = await photo(2000, 1000);
    const doc = await upload('harbour.jpg', data);
    expect(doc.sizes).toMatchObject({ small: { width: 480 }, medium: { width: 960 }, large: { width: 1600 } });
    const files = filesOf(doc);
    expect(files).toHaveLength(4);
    expect(await bucket.keys()).toEqual(files.map((f) => `site/${f}`).sort());
    expect(await readdir(process.env.MEDIA_DIR!)).toEqual([]);
    expect((await bucket.bytes(`site/${doc.filename}`)).equals(data)).toBe(true);

    // Pages name /media/{filename} in both modes; in the bucket's it is the object below the prefix.
    for (const size of [doc, ...Object.values(doc.sizes ?? {})]) {
      const got = await fetchPublic(mediaUrl(size)!);
      expect(got.status).toBe(200);
      expect((await sharp(got.bytes).metadata()).width).toBe(size!.width);
    }
  });

  it('renders a body picture whose src and every srcset candidate are objects in the bucket', async () => {
    const doc = await upload('quay.jpg', await photo(1800, 900));
    const article = await ctx.payload.create({
      collection: 'articles',
      data: { title: 'Quay', category, membershipRequired: 'free', content: lexicalEditorState([lexicalParagraph([lexicalText('Boats.')]), uploadNode({ mediaId: doc.id, caption: 'At dawn' })]), _status: 'published' } as never,
      overrideAccess: true,
    });
    const html = article.contentHtml as string;
    const addresses = [...html.matchAll(/\/media\/[^\s",]+/g)].map((m) => m[0]);
    expect(new Set(addresses)).toEqual(new Set(filesOf(doc).map((f) => `/media/${encodeURIComponent(f)}`)));
    for (const address of addresses) expect((await fetchPublic(address)).status, address).toBe(200);
  });

  it('serves a file from the bucket at /cms/api/media/file/{filename}, where the content export and the admin read it', async () => {
    const data = await photo(640, 320, '#cc6633');
    const doc = await upload('export me.jpg', data);
    const path = `/cms/api/media/file/${encodeURIComponent(doc.filename!)}`;
    const res = await handleEndpoints({ config: ctx.payload.config, path, request: new Request(`${PRIVATE_CMS_URL}${path}`, { headers: { 'x-internal-secret': TEST_SECRET } }) });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true);
  });

  it('removes the file and all its sizes from the bucket when the Media document is deleted', async () => {
    const doc = await upload('gone.jpg', await photo(1200, 600));
    const files = filesOf(doc).map((f) => `site/${f}`);
    expect(await bucket.keys()).toEqual(expect.arrayContaining(files));
    await ctx.payload.delete({ collection: 'media', id: doc.id, overrideAccess: true });
    const left = await bucket.keys();
    for (const key of files) expect(left).not.toContain(key);
  });
});

describe('imported pictures in the bucket', () => {
  const importArticle = async (article: ArticleImport) => {
    const req = { headers: new Headers({ host: new URL(PRIVATE_CMS_URL).host, 'x-internal-secret': TEST_SECRET }), json: async () => article, payload: ctx.payload } as unknown as PayloadRequest;
    const res = await serviceImport.handler(req);
    return { status: res.status, body: (await res.json()) as { id?: number; message?: string } };
  };
  const KEY = 'a'.repeat(64);
  const tree = unified().use(rehypeSanitize, ARTICLE_HTML_SCHEMA).runSync(unified().use(rehypeParse, { fragment: true }).parse('<p><img src="/img/pier.jpg" alt="A pier"></p>')) as Root;
  const version = async (background: string, replaces?: number): Promise<ArticleImport> => ({
    title: 'The pier',
    category: 'harbours',
    membershipRequired: 'free',
    importKey: KEY,
    html: '<p><img src="/img/pier.jpg" alt="A pier"></p>',
    content: lexicalFromHast(tree).content,
    pictures: [{ name: 'pier.jpg', mimetype: 'image/jpeg', base64: (await photo(1000, 500, background)).toString('base64'), alt: 'A pier', source: '/img/pier.jpg' }],
    ...(replaces ? { replaces } : {}),
  });
  const importedPicture = async () => (await ctx.payload.find({ collection: 'media', where: { importSource: { like: KEY } }, overrideAccess: true })).docs;

  it('writes an import’s pictures to the bucket, and an update replaces them there', async () => {
    const first = await importArticle(await version('#114477'));
    expect(first.status, first.body.message).toBe(201);
    const [media] = await importedPicture();
    const before = filesOf(media!).map((f) => `site/${f}`);
    expect(before.length).toBeGreaterThan(1);
    expect(await bucket.keys()).toEqual(expect.arrayContaining(before));
    const firstServed = await fetchPublic(mediaUrl(media)!);
    expect(firstServed.status).toBe(200);

    const again = await importArticle(await version('#774411', first.body.id));
    expect(again).toEqual({ status: 200, body: { id: first.body.id } });
    const replaced = await importedPicture();
    expect(replaced.map((m) => m.id)).toEqual([media!.id]);
    const after = filesOf(replaced[0]!).map((f) => `site/${f}`);
    const keys = await bucket.keys();
    expect(keys).toEqual(expect.arrayContaining(after));
    for (const key of before.filter((k) => !after.includes(k))) expect(keys).not.toContain(key);
    const served = await fetchPublic(mediaUrl(replaced[0])!);
    expect(served.bytes.equals(await bucket.bytes(`site/${replaced[0]!.filename}`))).toBe(true);
    expect(served.bytes.equals(firstServed.bytes)).toBe(false);
  });
});
