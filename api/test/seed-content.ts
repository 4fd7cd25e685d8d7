import type { CmsArticle, ContentRecords } from '@app/shared/server';
import { renderArticleHtml } from '../src/domain/articles/render-article-html.ts';

// The CMS's own demo content, read as the seed writes it, so the assistant is measured on what a fresh
// install holds. Loaded by path: the CMS's modules belong to its own TypeScript project.
type SeedArticle = {
  title: string; category: string; tier: 'free' | 'pro' | 'vip'; excerpt: string; body: string; daysAgo: number; author?: string;
  interactive?: { keyPoints: string[]; experiment: { title: string; description: string; steps: string[]; conclusion: string } };
};
type SeedProduct = { name: string; category: string; price: number; isFeatured: boolean; inStock: boolean; colour: string; icon: string; description: string };
const seed = async <T>(file: string): Promise<T> => (await import(new URL(`../../cms/src/seed/${file}`, import.meta.url).href)) as T;
const { seedArticles, seedInteractiveArticles } = await seed<{ seedArticles: SeedArticle[]; seedInteractiveArticles: SeedArticle[] }>('articles.ts');
const { seedThemedArticles } = await seed<{ seedThemedArticles: SeedArticle[] }>('themed-articles.ts');
const { seedCategories } = await seed<{ seedCategories: { slug: string; title: string; description: string; icon: string; colour: string }[] }>('categories.ts');
const { seedVideos } = await seed<{ seedVideos: { externalId: string; title: string; description: string; duration: string; views: number }[] }>('videos.ts');
const { seedProducts } = await seed<{ seedProducts: SeedProduct[] }>('products.ts');
const { seedStudyResources } = await seed<{ seedStudyResources: { title: string; description: string; externalId: string; isPremium: boolean }[] }>('study-resources.ts');

export const allSeedArticles: SeedArticle[] = [...seedArticles, ...seedThemedArticles, ...seedInteractiveArticles];

export type { SeedArticle };

/** The seed's categories, articles (Markdown bodies rendered to HTML, as the CMS serves them), videos, study resources and products, with ids in seed order. */
export async function seedRecords(extraArticles: SeedArticle[] = []): Promise<ContentRecords> {
  const categories = seedCategories.map((c, i) => ({ id: i + 1, ...c }));
  const articles: CmsArticle[] = [];
  for (const [i, a] of [...allSeedArticles, ...extraArticles].entries()) {
    articles.push({
      id: i + 1,
      title: a.title,
      excerpt: a.excerpt,
      author: a.author ?? null,
      category: categories.find((c) => c.slug === a.category) ?? null,
      publishDate: new Date(Date.UTC(2026, 0, 1) - a.daysAgo * 86_400_000).toISOString(),
      membershipRequired: a.tier,
      contentHtml: (await renderArticleHtml(a.body, 'markdown')).html,
      hasInteractiveElements: Boolean(a.interactive),
      isAmpCompatible: !a.interactive,
      interactiveData: a.interactive ? { keyPoints: a.interactive.keyPoints.map((text) => ({ text })), experiment: { ...a.interactive.experiment, steps: a.interactive.experiment.steps.map((text) => ({ text })) } } : null,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
  }
  return {
    articles,
    categories,
    videos: seedVideos.map((v, i) => ({ id: i + 1, ...v, videoUrl: `https://www.youtube.com/watch?v=${v.externalId}`, membershipRequired: 'free', createdAt: '2026-01-01T00:00:00.000Z' })),
    products: seedProducts.map(({ colour: _colour, icon: _icon, ...p }, i) => ({ id: i + 1, ...p })),
    studyResources: seedStudyResources.map((r, i) => ({ id: i + 1, title: r.title, description: r.description, videoUrl: `https://www.youtube.com/watch?v=${r.externalId}`, isPremium: r.isPremium, sortOrder: i })),
    membershipPlans: [],
  };
}
