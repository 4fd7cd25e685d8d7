import { convertMarkdownToLexical, editorConfigFactory } from '@payloadcms/richtext-lexical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasServiceSecret } from '../src/access/editors';
import { ensureMembershipPlans } from '../src/seed/membership-plans';
import { seedContent } from '../src/seed/seed-content';
import { PRIVATE_CMS_URL, startPayload, TEST_SECRET } from './payload-test';

let ctx: Awaited<ReturnType<typeof startPayload>>;
beforeAll(async () => {
  ctx = await startPayload();
});
afterAll(async () => ctx?.close());

async function richText(markdown: string) {
  const editorConfig = await editorConfigFactory.default({ config: ctx.payload.config });
  return convertMarkdownToLexical({ editorConfig, markdown });
}

/** Rich text holding one link per URL, as the editor's link dialog stores them. */
function withLinks(urls: string[]) {
  const node = { direction: null, format: '' as const, indent: 0, version: 1 };
  const text = (t: string) => ({ type: 'text', version: 1, text: t, format: 0, detail: 0, mode: 'normal', style: '' });
  const links = urls.map((url) => ({ ...node, type: 'link', version: 3, fields: { linkType: 'custom', url, newTab: false }, children: [text('a link')] }));
  return { root: { ...node, type: 'root', children: [{ ...node, type: 'paragraph', textFormat: 0, children: links }] } };
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
      data: { title: 'Rendered', publishDate: new Date().toISOString(), category: category.id, membershipRequired: 'pro', content: await richText('Hello **bold** world') },
      context: { skipNotify: true },
    });
    expect(doc.contentHtml).toContain('<strong>bold</strong>');
  });

  it('are not readable by visitors, because gated bodies live there', async () => {
    await expect(ctx.payload.find({ collection: 'articles', overrideAccess: false, limit: 1 })).rejects.toThrow(/not allowed/i);
  });

  it('are readable by our services presenting the internal secret on the CMS’s private address', () => {
    const privateHost = new URL(PRIVATE_CMS_URL).host;
    expect(hasServiceSecret(new Headers({ host: privateHost, 'x-internal-secret': TEST_SECRET }))).toBe(true);
    expect(hasServiceSecret(new Headers({ host: privateHost, 'x-internal-secret': 'wrong' }))).toBe(false);
    expect(hasServiceSecret(new Headers({ host: privateHost }))).toBe(false);
  });

  it('refuse the internal secret on the public address', () => {
    expect(hasServiceSecret(new Headers({ host: 'localhost:3000', 'x-internal-secret': TEST_SECRET }))).toBe(false);
    expect(hasServiceSecret(new Headers({ host: 'betterself.example', 'x-internal-secret': TEST_SECRET }))).toBe(false);
    expect(hasServiceSecret(new Headers({ 'x-internal-secret': TEST_SECRET }))).toBe(false);
  });

  it('keep contentHtml for the save hook alone: an editor cannot store HTML of their own', async () => {
    const { payload } = ctx;
    const category = (await payload.find({ collection: 'categories', limit: 1 })).docs[0]!;
    const editor = (await payload.find({ collection: 'users', limit: 1 })).docs[0] ?? (await payload.create({ collection: 'users', data: { email: 'e5@example.com', password: 'editor-pass-1', role: 'editor' } }));
    const asEditor = { user: { ...editor, collection: 'users' as const }, overrideAccess: false, context: { skipNotify: true } };
    const doc = await payload.create({
      collection: 'articles',
      data: { title: 'Plain', membershipRequired: 'free', publishDate: new Date().toISOString(), category: category.id, content: await richText('Safe body'), contentHtml: '<script>alert(1)</script>' },
      ...asEditor,
    });
    expect(doc.contentHtml).toContain('<p>Safe body</p>');
    expect(doc.contentHtml).not.toContain('script');
    // A PATCH without `content` used to keep whatever HTML it carried.
    const patched = await payload.update({ collection: 'articles', id: doc.id, data: { title: 'Plain, edited', contentHtml: '<img src=x onerror=alert(1)>' }, ...asEditor });
    expect(patched.contentHtml).toBe(doc.contentHtml);
  });

  it('sanitise the HTML rendered from rich text', async () => {
    const category = (await ctx.payload.find({ collection: 'categories', limit: 1 })).docs[0]!;
    const doc = await ctx.payload.create({
      collection: 'articles',
      data: { title: 'Links', membershipRequired: 'free', publishDate: new Date().toISOString(), category: category.id, content: withLinks(['javascript:alert(1)', 'https://example.com']) },
      context: { skipNotify: true },
    });
    expect(doc.contentHtml).not.toMatch(/javascript:/i);
    expect(doc.contentHtml).toContain('href="https://example.com"');
  });

  it('tell the API when they change, once each change is committed', async () => {
    const category = (await ctx.payload.find({ collection: 'categories', limit: 1 })).docs[0]!;
    const before = ctx.signals.length;
    const doc = await ctx.payload.create({
      collection: 'articles',
      data: { title: 'Signalled', membershipRequired: 'free', publishDate: new Date().toISOString(), category: category.id, content: await richText('Body'), _status: 'published' },
    });
    await ctx.payload.update({ collection: 'articles', id: doc.id, data: { title: 'Signalled again' } });
    await ctx.payload.delete({ collection: 'articles', id: doc.id });
    const signals = (await ctx.waitForSignals(before + 3)).slice(before);
    expect(signals).toEqual([
      { collection: 'articles', operation: 'create', id: doc.id },
      { collection: 'articles', operation: 'update', id: doc.id },
      { collection: 'articles', operation: 'delete', id: doc.id },
    ]);
  });

  it('send no signal for a save that fails', async () => {
    const before = ctx.signals.length;
    await expect(ctx.payload.create({ collection: 'articles', data: { title: 'No category', content: await richText('Body'), _status: 'published' } as never })).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 200));
    expect(ctx.signals.length).toBe(before);
  });
});

describe('membership plans', () => {
  it('get the two default plans once, which editors then own', async () => {
    expect(await ensureMembershipPlans(ctx.payload)).toBe(true);
    const plans = (await ctx.payload.find({ collection: 'membership-plans', sort: 'sortOrder' })).docs;
    expect(plans.map((p) => [p.tier, p.name, p.highlighted])).toEqual([['free', 'Basic', false], ['pro', 'Pro', true]]);
    // Prices are the plan catalogue's, never the CMS's.
    expect(plans.every((p) => !('price' in p))).toBe(true);
    await ctx.payload.update({ collection: 'membership-plans', id: plans[1]!.id, data: { name: 'Pro Plus' }, context: { skipNotify: true } });
    expect(await ensureMembershipPlans(ctx.payload)).toBe(false);
    expect((await ctx.payload.find({ collection: 'membership-plans', where: { tier: { equals: 'pro' } } })).docs[0]!.name).toBe('Pro Plus');
  });
});

describe('categories', () => {
  it('refuse a slug that is not lowercase words joined by hyphens', async () => {
    await expect(
      ctx.payload.create({ collection: 'categories', data: { title: 'Bad', slug: 'Bad Slug!' }, context: { skipNotify: true } }),
    ).rejects.toThrow(/slug/i);
  });
});
