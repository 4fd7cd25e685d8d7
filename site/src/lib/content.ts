/**
 * Build-time content, read once per build from the CMS REST API (DESIGN §3). Pages import these
 * helpers in their frontmatter / getStaticPaths; visitors never wait on the CMS.
 */
import { toPublicInteractiveData, type ArticleSummary, type Category, type Product, type PublicInteractiveData, type Video } from '@app/shared/schemas';
import { fetchAllContent, toArticleSummary, toCategory, toInteractiveData, toProduct, toVideo } from '@app/shared/server';

export type BuildArticle = ArticleSummary & { contentHtml: string; interactiveData: PublicInteractiveData | null };
export type BuildContent = { articles: BuildArticle[]; categories: Category[]; videos: Video[]; products: Product[] };

let cached: Promise<BuildContent> | null = null;

// Pages ship island props in their HTML, so the quiz's answer key is removed here.
const publicInteractive = (doc: Parameters<typeof toInteractiveData>[0]) => {
  const data = toInteractiveData(doc);
  return data && toPublicInteractiveData(data);
};

export function loadContent(): Promise<BuildContent> {
  cached ??= (async () => {
    const cmsUrl = (process.env.CMS_URL ?? 'http://127.0.0.1:3002').replace(/\/$/, '');
    const secret = process.env.INTERNAL_SECRET ?? '';
    const records = await fetchAllContent(cmsUrl, secret);
    return {
      articles: records.articles.map((doc) => ({ ...toArticleSummary(doc), contentHtml: doc.contentHtml ?? '', interactiveData: publicInteractive(doc) })),
      categories: records.categories.map(toCategory),
      videos: records.videos.map(toVideo),
      products: records.products.map(toProduct),
    };
  })();
  return cached;
}

/** The home page's Personal Growth Library: the spec matches this category's name case-insensitively. */
export const LIBRARY_CATEGORY_TITLE = 'Self-Help & Personal Development';

export function libraryArticles(content: BuildContent, limit = 3): ArticleSummary[] {
  return content.articles.filter((a) => a.categoryTitle.toLowerCase() === LIBRARY_CATEGORY_TITLE.toLowerCase()).slice(0, limit);
}

export function featuredProducts(content: BuildContent, limit = 3): Product[] {
  return content.products.filter((p) => p.isFeatured).slice(0, limit);
}
