import type { CmsArticle, ContentRecords } from '@app/shared/server';

const category = { id: 1, slug: 'self-confidence', title: 'Self-Confidence', description: 'Stand taller.', icon: 'sparkles', colour: '#f59e0b' };

export function article(id: number, membershipRequired: 'free' | 'pro' | 'vip', extra: Partial<CmsArticle> = {}): CmsArticle {
  return {
    id,
    title: `Article ${id} (${membershipRequired})`,
    excerpt: `Excerpt of article ${id}`,
    author: null,
    category,
    thumbnail: { filename: `a${id}.svg` },
    publishDate: '2026-01-0' + (id % 9 || 1) + 'T00:00:00.000Z',
    membershipRequired,
    contentHtml: `<p>SECRET-BODY-${id}</p>`,
    hasInteractiveElements: false,
    isAmpCompatible: false,
    interactiveData: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

export function sampleRecords(): ContentRecords {
  return {
    articles: [article(1, 'free'), article(2, 'pro'), article(3, 'vip')],
    categories: [category],
    videos: [{ id: 1, title: 'Morning focus', description: 'Five minutes', videoUrl: 'https://video.example/watch?v=abc', externalId: 'abc', createdAt: '2026-01-01T00:00:00.000Z' }],
    products: [1, 2, 3, 4, 5].map((id) => ({ id, name: `Product ${id}`, price: 1000 * id, isFeatured: id !== 3, inStock: id !== 5, category: 'Apparel' })),
  };
}
