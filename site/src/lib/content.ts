/**
 * Build-time content: the API's versioned content snapshot (DESIGN §3), mapped by the same
 * functions the API's read model uses, so a static page and /api show the same content version.
 * Pages import these helpers in their frontmatter / getStaticPaths; visitors never wait on it.
 */
import { bySortOrder, publicStudyResource, readSnapshotIndexed, toBackyardArticle, toStudyResource, toMembershipPlan, toArticleSummary, toCategory, toInteractiveData, toProduct, toSiteSettings, toVideo, type IndexedSnapshot } from '@app/shared/server';
import { toPublicInteractiveData, type ArticleSummary, type Category, type MembershipPlan, type Product, type PublicInteractiveData, type Video } from '@app/shared/schemas';
import { oldAddressTable, type BackyardSummary, type OldAddressTable, type SiteSettings, type StudyResource } from '@app/shared/browser';
import { siteConfig } from '../config';

export type BuildArticle = ArticleSummary & { interactiveData: PublicInteractiveData | null };
/**
 * The content every page reads. Articles come without their bodies: a page reads its own with
 * `articleBody` as it renders, so a build holds one body at a time, not the library (issue 50 #5).
 */
export type BuildContent = { version: string; settings: SiteSettings; articles: BuildArticle[]; articleBody(id: number): Promise<string>; categories: Category[]; videos: Video[]; products: Product[]; membershipPlans: MembershipPlan[]; studyResources: StudyResource[]; backyardArticles: BackyardSummary[]; oldAddresses: OldAddressTable };

/** The content of one snapshot file (a content build renders another with the same loaded pages). */
let cached: { file: string | null; content: Promise<BuildContent> } | null = null;

/** The snapshot file the deploy pipeline wrote (read an article at a time), else the API's snapshot (a development build). */
async function readSnapshot(): Promise<IndexedSnapshot> {
  if (siteConfig.contentFile) return readSnapshotIndexed(siteConfig.contentFile);
  if (!siteConfig.internalSecret) throw new Error('The site build needs SITE_CONTENT_FILE, or INTERNAL_SECRET to read the content snapshot from the API.');
  const res = await fetch(`${siteConfig.apiUrl}/api/internal/content-snapshot`, { headers: { 'x-internal-secret': siteConfig.internalSecret }, signal: AbortSignal.timeout(30_000) });
  if (!res.ok) throw new Error(`The API answered ${res.status} for the content snapshot.`);
  const snapshot = (await res.json()) as IndexedSnapshot['snapshot'];
  const bodies = new Map(snapshot.records.articles.map((a) => [a.id, a.contentHtml ?? '']));
  return { snapshot, bodyOf: async (id) => bodies.get(id) ?? null };
}

// Pages ship island props in their HTML, so the quiz's answer key is removed here.
const publicInteractive = (doc: Parameters<typeof toInteractiveData>[0]) => {
  const data = toInteractiveData(doc);
  return data && toPublicInteractiveData(data);
};

export function loadContent(): Promise<BuildContent> {
  if (cached?.file === siteConfig.contentFile) return cached.content;
  const content = readSnapshot().then(({ snapshot: { version, records }, bodyOf }): BuildContent => {
    const settings = toSiteSettings(records.settings);
    const defaultAuthor = settings.authorName;
    return {
      version,
      settings,
      articles: records.articles.map((doc) => ({ ...toArticleSummary(doc, defaultAuthor), interactiveData: publicInteractive(doc) })),
      articleBody: async (id) => (await bodyOf(id)) ?? '',
      categories: records.categories.map(toCategory),
      videos: records.videos.map((doc) => toVideo(doc, defaultAuthor)),
      products: records.products.map((doc) => toProduct(doc, defaultAuthor)),
      membershipPlans: (records.membershipPlans ?? []).map(toMembershipPlan),
      // Public parts only: a premium study's video and every backyard body reach readers from the API.
      studyResources: bySortOrder(records.studyResources).map((d) => publicStudyResource(toStudyResource(d))),
      backyardArticles: bySortOrder(records.backyardArticles).map((d) => {
        const { content: _body, ...summary } = toBackyardArticle(d);
        return summary;
      }),
      // Imported articles' old addresses, answered by the site server (server/live-site.ts).
      oldAddresses: oldAddressTable(records.oldAddresses ?? [], new Set(records.articles.map((a) => a.id))),
    };
  });
  cached = { file: siteConfig.contentFile, content };
  return content;
}

/** The home page's Personal Growth Library: the spec matches this category's name case-insensitively. */
export const LIBRARY_CATEGORY_TITLE = 'Self-Help & Personal Development';

export function libraryArticles(content: BuildContent, limit = 3): ArticleSummary[] {
  return content.articles.filter((a) => a.categoryTitle.toLowerCase() === LIBRARY_CATEGORY_TITLE.toLowerCase()).slice(0, limit);
}

export function featuredProducts(content: BuildContent, limit = 3): Product[] {
  return content.products.filter((p) => p.isFeatured).slice(0, limit);
}
