import { convertMarkdownToLexical, editorConfigFactory } from '@payloadcms/richtext-lexical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasServiceSecret } from '../src/access/editors';
import { seedContent } from '../src/seed/seed-content';
import { startPayload, TEST_SECRET } from './payload-test';

let ctx: Awaited<ReturnType<typeof startPayload>>;
beforeAll(async () => {
  ctx = await startPayload();
});
afterAll(async () => ctx?.close());

async function richText(markdown: string) {
  const editorConfig = await editorConfigFactory.default({ config: ctx.payload.config });
  return convertMarkdownToLexical({ editorConfig, markdown });
}

describe('the demo seed', () => {
  it('loads the content the spec asks for into an empty database, once', async () => {
    expect(await seedContent(ctx.payload)).toBe(true);
    const { payload } = ctx;
    const articles = (await payload.find({ collection: 'articles', pagination: false, depth: 1 })).docs;
    const categories = new Set(articles.map((a) => (typeof a.category === 'object' ? a.category.slug : a.category)));
    expect(articles.length).toBeGreaterThanOrEqual(24);
    expect(categories.size).toBeGreaterThanOrEqual(8);
    expect(articles.filter((a) => typeof a.category === 'object' && a.category.title === 'Self-Help & Personal Development').length).toBeGreaterThanOrEqual(3);
    expect(new Set(articles.map((a) => a.membershipRequired))).toEqual(new Set(['free', 'pro', 'vip']));
    const interactive = articles.filter((a) => a.hasInteractiveElements);
    expect(interactive.length).toBeGreaterThanOrEqual(2);
    for (const a of interactive) {
      const d = a.interactiveData!;
      expect(d.keyPoints!.length).toBeGreaterThan(0);
      expect(d.characterGuides!.length).toBeGreaterThan(0);
      expect(d.quiz!.questions!.length).toBeGreaterThan(0);
      expect(d.experiment!.steps!.length).toBeGreaterThan(0);
    }
    expect(articles.every((a) => a.contentHtml && !/lorem ipsum/i.test(a.contentHtml))).toBe(true);
    const products = (await payload.find({ collection: 'products', pagination: false })).docs;
    expect(products.length).toBeGreaterThanOrEqual(12);
    expect(products.filter((p) => p.isFeatured).length).toBe(3);
    expect(products.filter((p) => !p.inStock).length).toBe(2);
    expect((await payload.count({ collection: 'videos' })).totalDocs).toBeGreaterThanOrEqual(12);
    const media = (await payload.find({ collection: 'media', limit: 1 })).docs[0]!;
    expect(media.mimeType).toBe('image/svg+xml');
    expect(await seedContent(ctx.payload)).toBe(false);
  });
});

describe('articles', () => {
  it('renders the rich-text body to HTML when saved', async () => {
    const category = (await ctx.payload.find({ collection: 'categories', limit: 1 })).docs[0]!;
    const doc = await ctx.payload.create({
      collection: 'articles',
      data: { title: 'Rendered', category: category.id, membershipRequired: 'pro', content: await richText('Hello **bold** world') },
      context: { skipNotify: true },
    });
    expect(doc.contentHtml).toContain('<strong>bold</strong>');
  });

  it('are not readable by visitors, because gated bodies live there', async () => {
    await expect(ctx.payload.find({ collection: 'articles', overrideAccess: false, limit: 1 })).rejects.toThrow(/not allowed/i);
  });

  it('are readable by our services presenting the internal secret', () => {
    expect(hasServiceSecret(new Headers({ 'x-internal-secret': TEST_SECRET }))).toBe(true);
    expect(hasServiceSecret(new Headers({ 'x-internal-secret': 'wrong' }))).toBe(false);
    expect(hasServiceSecret(new Headers())).toBe(false);
  });

  it('tell the API when they change, with the internal secret', async () => {
    const category = (await ctx.payload.find({ collection: 'categories', limit: 1 })).docs[0]!;
    const before = ctx.signals.length;
    const doc = await ctx.payload.create({
      collection: 'articles',
      data: { title: 'Signalled', category: category.id, content: await richText('Body') },
    });
    await ctx.payload.update({ collection: 'articles', id: doc.id, data: { title: 'Signalled again' } });
    await ctx.payload.delete({ collection: 'articles', id: doc.id });
    const signals = (await ctx.waitForSignals(before + 3)).slice(before);
    expect(signals.map((s) => s.body.operation)).toEqual(['create', 'update', 'delete']);
    expect(signals.every((s) => s.body.collection === 'articles' && s.body.id === doc.id && s.secret === TEST_SECRET)).toBe(true);
  });
});

describe('categories', () => {
  it('refuse a slug that is not lowercase words joined by hyphens', async () => {
    await expect(
      ctx.payload.create({ collection: 'categories', data: { title: 'Bad', slug: 'Bad Slug!' }, context: { skipNotify: true } }),
    ).rejects.toThrow(/slug/i);
  });
});
