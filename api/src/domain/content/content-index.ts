import { toPublicInteractiveData, type ArticleSummary, type Category, type InteractiveData, type Product, type PublicInteractiveData, type Video } from '@app/shared/schemas';
import { TIERS, videoFor, type BackyardArticle, type SiteSettings, type StudyResource, type Tier } from '@app/shared/browser';
import { bySortOrder, toArticleSummary, toBackyardArticle, toCategory, toInteractiveData, toProduct, toQuizQuestions, toScrambleWords, toSiteSettings, toStudyResource, toVideo, type ContentRecords, type ContentSnapshot, type QuizQuestion, type ScrambleWord } from '@app/shared/server';
import { sharedJson, type SharedJson } from '../../lib/shared-json.ts';
import { packArticleBodies, type PackedBodies } from './packed-bodies.ts';

/**
 * `interactiveData` keeps the quiz's answer key (server only); `publicInteractiveData` is what
 * readers get. `content` is read back from the version's packed bodies (packed-bodies.ts) each time.
 */
export type IndexedArticle = { summary: ArticleSummary; readonly content: string; interactiveData: InteractiveData | null; publicInteractiveData: PublicInteractiveData | null };

/**
 * An immutable, query-ready view of all content. Lists that every visitor sees the same are
 * serialized once here, so the hot endpoints only write bytes.
 */
export type ContentIndex = {
  /** The snapshot this index was built from (the site build reads the same one). */
  snapshot: ContentSnapshot;
  /** Its articles' bodies, packed (the next version reuses those that did not change). */
  bodies: PackedBodies;
  version: string;
  loadedAt: string;
  articles: Map<number, IndexedArticle>;
  articleList: ArticleSummary[];
  /** GET /api/articles's answer, serialized once and compressed once (answers kept for many requests are sent as they are). */
  articleListJson: SharedJson;
  categories: Map<string, Category>;
  /** GET /api/categories's answer, made once. */
  categoriesJson: SharedJson;
  articlesByCategory: Map<string, ArticleSummary[]>;
  /** Every video in full (server only; the player of a gated video is for its tier). */
  videos: Video[];
  videosById: Map<number, Video>;
  /** GET /api/youtube/videos as each reading tier sees it (visitors read as `null`). */
  videosJsonFor: (tier: Tier | null) => Buffer;
  /** A visitor's GET /api/youtube/videos (what a free member reads), made and compressed once. */
  visitorVideosJson: SharedJson;
  products: Map<number, Product>;
  productsJson: SharedJson;
  featuredProductsJson: SharedJson;
  /** The games' pools, answer keys included (server only). */
  quizQuestions: QuizQuestion[];
  scrambleWords: ScrambleWord[];
  /** Study resources in full (a premium one's video is for its tier). */
  studyResources: Map<number, StudyResource>;
  /** Backyard articles by slug, bodies included (for BACKYARD_TIER). */
  backyardArticles: Map<string, BackyardArticle>;
  /** The site's settings (the CMS global): GET /api/settings, mails. */
  settings: SiteSettings;
};

const jsonBytes = (value: unknown) => Buffer.from(JSON.stringify(value));

/**
 * `bodies` are the snapshot's articles' bodies already packed (packArticleBodiesInTurns, as the read
 * model does); without them they are packed here, at once.
 */
export function buildContentIndex(snapshot: ContentSnapshot, packed?: PackedBodies): ContentIndex {
  const { records, loadedAt, version } = snapshot;
  const settings = toSiteSettings(records.settings);
  const articles = new Map<number, IndexedArticle>();
  const articlesByCategory = new Map<string, ArticleSummary[]>();
  // The snapshot's articles keep their bodies packed from here on (the site build reads them back).
  const bodies = packed ?? packArticleBodies(records.articles);
  for (const [n, doc] of records.articles.entries()) {
    const summary = toArticleSummary(doc, settings.authorName);
    const interactiveData = toInteractiveData(doc);
    articles.set(summary.id, { summary, get content() { return bodies.body(n); }, interactiveData, publicInteractiveData: interactiveData && toPublicInteractiveData(interactiveData) });
    const list = articlesByCategory.get(summary.category) ?? [];
    list.push(summary);
    articlesByCategory.set(summary.category, list);
  }
  const articleList = [...articles.values()].map((a) => a.summary);
  const videos = records.videos.map((doc) => toVideo(doc, settings.authorName));
  // A visitor reads what a free member reads: one list per tier.
  const videosOf = (tier: Tier) => videos.map((v) => videoFor({ id: 0, tier, role: 'member', status: 'active' }, v));
  const visitorVideosJson = sharedJson(videosOf('free'));
  const videosJsonByTier = new Map<Tier, Buffer>(TIERS.map((tier) => [tier, tier === 'free' ? visitorVideosJson.json : jsonBytes(videosOf(tier))]));
  const products = records.products.map((doc) => toProduct(doc, settings.authorName));
  const categories = new Map(records.categories.map((c) => [c.slug, toCategory(c)]));
  return {
    snapshot,
    bodies,
    version,
    loadedAt,
    articles,
    articleList,
    articleListJson: sharedJson(articleList),
    categories,
    categoriesJson: sharedJson([...categories.values()]),
    articlesByCategory,
    videos,
    videosById: new Map(videos.map((v) => [v.id, v])),
    videosJsonFor: (tier) => videosJsonByTier.get(tier ?? 'free')!,
    visitorVideosJson,
    products: new Map(products.map((p) => [p.id, p])),
    productsJson: sharedJson(products),
    featuredProductsJson: sharedJson(products.filter((p) => p.isFeatured).slice(0, 3)),
    quizQuestions: toQuizQuestions(records.quizQuestions),
    scrambleWords: toScrambleWords(records.scrambleWords),
    studyResources: new Map(bySortOrder(records.studyResources).map((d) => [d.id, toStudyResource(d)])),
    backyardArticles: backyardBySlug(records),
    settings,
  };
}

/** Two titles with one slug: the first in the editors' order keeps it (the CMS refuses the second). */
function backyardBySlug(records: ContentRecords): Map<string, BackyardArticle> {
  const bySlug = new Map<string, BackyardArticle>();
  for (const doc of bySortOrder(records.backyardArticles)) {
    const article = toBackyardArticle(doc);
    if (!bySlug.has(article.slug)) bySlug.set(article.slug, article);
  }
  return bySlug;
}

export const emptyRecords: ContentRecords = { articles: [], categories: [], videos: [], products: [], membershipPlans: [], quizQuestions: [], scrambleWords: [], studyResources: [], backyardArticles: [] };
