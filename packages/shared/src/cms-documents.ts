/**
 * Maps Payload REST documents (fetched with depth=1) to the spec's DTOs. Used by the API's
 * content read model and by the site build, so both show the same thing.
 */
import type { ArticleSummary, Category, InteractiveData, MembershipPlan, Product, Video } from './content.ts';
import type { CmsBackyardArticle, CmsQuizQuestion, CmsScrambleWord, CmsStudyResource } from './cms-activity-documents.ts';
import { fetchCmsSiteSettings, type CmsSiteSettings } from './cms-site-settings.ts';
import { STUDIO_NAME } from './content.ts';
import type { Tier } from './tiers.ts';
import { isAllowedVideoUrl } from './videos.ts';
import type { CmsOldAddress } from './old-addresses.ts';
import type { ContentSchedule } from './content-snapshot.ts';

type MediaDoc = { filename?: string | null } | number | null | undefined;
type Rows<T> = T[] | null | undefined;

export type CmsCategory = {
  id: number; slug: string; title: string; description?: string | null; icon?: string | null;
  colour?: string | null; headerImage?: MediaDoc;
};
/**
 * An article as the CMS answers it. A draft skips the CMS's required fields (an autosaved "Create
 * New" has no title, category or body yet), so every reader takes each field as possibly missing.
 */
export type CmsArticle = {
  id: number; title?: string | null; excerpt?: string | null; author?: string | null;
  category?: CmsCategory | number | null; thumbnail?: MediaDoc; publishDate?: string | null; unpublishDate?: string | null;
  membershipRequired?: Tier | null; contentHtml?: string | null; hasInteractiveElements?: boolean | null;
  isAmpCompatible?: boolean | null; interactiveData?: CmsInteractiveData | null; createdAt: string;
};
type CmsInteractiveData = {
  characterGuides?: Rows<{ type?: string | null; title?: string | null; message?: string | null; triggerAt?: string | null; showAutomatically?: boolean | null }>;
  quiz?: { title?: string | null; description?: string | null; pointsPerQuestion?: number | null;
    questions?: Rows<{ question?: string | null; options?: Rows<{ text?: string | null }>; correctAnswer?: number | null; explanation?: string | null }> } | null;
  keyPoints?: Rows<{ text?: string | null }>;
  experiment?: { title?: string | null; description?: string | null; steps?: Rows<{ text?: string | null }>; conclusion?: string | null } | null;
};
export type CmsVideo = {
  id: number; title: string; description?: string | null; image?: MediaDoc; imageUrl?: string | null;
  externalId?: string | null; videoUrl: string; publishDate?: string | null; views?: number | null;
  duration?: string | null; author?: string | null; membershipRequired?: Tier | null; createdAt: string;
};
export type CmsProduct = {
  id: number; name: string; description?: string | null; price: number; image?: MediaDoc;
  category?: string | null; creator?: string | null; isFeatured?: boolean | null; inStock?: boolean | null;
};

export type CmsMembershipPlan = {
  id: number; tier: Tier; name: string; description?: string | null;
  features?: Rows<{ text: string }>; highlighted?: boolean | null; badge?: string | null; sortOrder?: number | null;
};

/** Media is served by the front door straight from disk at /media/{filename}, never through the CMS. */
export function mediaUrl(media: MediaDoc): string | null {
  if (!media || typeof media === 'number' || !media.filename) return null;
  return `/media/${encodeURIComponent(media.filename)}`;
}

export function toCategory(doc: CmsCategory): Category {
  return {
    slug: doc.slug,
    title: doc.title,
    description: doc.description ?? '',
    icon: doc.icon ?? 'book-open',
    colour: doc.colour ?? '#4f46e5',
    headerImage: mediaUrl(doc.headerImage),
  };
}

/** What an article saved without a title is called where one must be shown (a preview link). */
export const UNTITLED = 'Untitled';

/** Rows of text (`{ text }`) as a list; an empty row (a draft's) is no item. */
const texts = (rows: Rows<{ text?: string | null }>): string[] => (rows ?? []).flatMap((r) => (r.text ? [r.text] : []));

export function toArticleSummary(doc: CmsArticle, defaultAuthor = STUDIO_NAME): ArticleSummary {
  const category = typeof doc.category === 'object' && doc.category ? doc.category : null;
  return {
    id: doc.id,
    title: doc.title || UNTITLED,
    excerpt: doc.excerpt ?? '',
    author: doc.author?.trim() || defaultAuthor,
    category: category?.slug ?? 'miscellaneous',
    categoryTitle: category?.title ?? 'Miscellaneous',
    thumbnail: mediaUrl(doc.thumbnail),
    publishDate: doc.publishDate ?? doc.createdAt,
    membershipRequired: doc.membershipRequired ?? 'free',
    hasInteractiveElements: Boolean(doc.hasInteractiveElements),
    isAmpCompatible: Boolean(doc.isAmpCompatible),
  };
}

function triggerAt(value: string | null | undefined): InteractiveData['characterGuides'][number]['triggerAt'] {
  if (value === 'start' || value === 'middle' || value === 'end') return value;
  const n = Number(value);
  return Number.isFinite(n) ? Math.min(100, Math.max(0, n)) : 'start';
}

export function toInteractiveData(doc: CmsArticle): InteractiveData | null {
  if (!doc.hasInteractiveElements || !doc.interactiveData) return null;
  const d = doc.interactiveData;
  const quiz = d.quiz?.questions?.length
    ? {
        title: d.quiz.title ?? 'Quiz',
        description: d.quiz.description ?? '',
        pointsPerQuestion: d.quiz.pointsPerQuestion ?? 10,
        questions: d.quiz.questions.map((q) => ({
          question: q.question ?? '',
          options: texts(q.options),
          correctAnswer: q.correctAnswer ?? 0,
          explanation: q.explanation ?? '',
        })),
      }
    : null;
  const experiment = d.experiment?.title
    ? {
        title: d.experiment.title,
        description: d.experiment.description ?? '',
        steps: texts(d.experiment.steps),
        conclusion: d.experiment.conclusion ?? '',
      }
    : null;
  return {
    characterGuides: (d.characterGuides ?? []).map((g) => ({
      type: g.type ?? 'mentor',
      title: g.title ?? '',
      message: g.message ?? '',
      triggerAt: triggerAt(g.triggerAt),
      showAutomatically: g.showAutomatically ?? true,
    })),
    quiz,
    keyPoints: texts(d.keyPoints),
    experiment,
  };
}

/**
 * The other way: interactive data as the site reads it (an import's front matter, an export) in
 * the CMS's fields, whose lists of text are rows (`{ text }`).
 */
export function toCmsInteractiveData(d: InteractiveData): CmsInteractiveData {
  return {
    characterGuides: d.characterGuides.map((g) => ({ ...g, triggerAt: String(g.triggerAt) })),
    quiz: d.quiz ? { ...d.quiz, questions: d.quiz.questions.map((q) => ({ ...q, options: q.options.map((text) => ({ text })) })) } : null,
    keyPoints: (d.keyPoints ?? []).map((text) => ({ text })),
    experiment: d.experiment ? { ...d.experiment, steps: d.experiment.steps.map((text) => ({ text })) } : null,
  };
}

/** `defaultAuthor`: the site settings' author (studio) name, for videos that name none. */
export function toVideo(doc: CmsVideo, defaultAuthor = STUDIO_NAME): Video {
  return {
    id: doc.id,
    title: doc.title,
    description: doc.description ?? '',
    imageUrl: mediaUrl(doc.image) ?? doc.imageUrl ?? null,
    externalId: doc.externalId ?? null,
    // Only YouTube and Vimeo addresses are ever linked to, whatever was stored before the CMS checked.
    videoUrl: isAllowedVideoUrl(doc.videoUrl) ? doc.videoUrl.trim() : null,
    publishDate: doc.publishDate ?? doc.createdAt,
    views: doc.views ?? 0,
    duration: doc.duration || '00:00',
    author: doc.author?.trim() || defaultAuthor,
    membershipRequired: doc.membershipRequired ?? 'free',
  };
}

/** `defaultCreator`: the site settings' author (studio) name, for products that name none. */
export function toProduct(doc: CmsProduct, defaultCreator = STUDIO_NAME): Product {
  return {
    id: doc.id,
    name: doc.name,
    description: doc.description ?? '',
    price: doc.price,
    imageUrl: mediaUrl(doc.image),
    category: doc.category ?? 'Merchandise',
    creator: doc.creator?.trim() || defaultCreator,
    isFeatured: Boolean(doc.isFeatured),
    inStock: doc.inStock ?? true,
  };
}

/** Reads every document of a collection through Payload's REST API (service-authenticated). */
export async function fetchCmsCollection<T>(cmsUrl: string, secret: string, collection: string, sort = '-createdAt', where = '', depth = 1): Promise<T[]> {
  const res = await fetch(`${cmsUrl}/cms/api/${collection}?pagination=false&depth=${depth}&sort=${encodeURIComponent(sort)}${where}`, {
    headers: { 'x-internal-secret': secret },
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new Error(`CMS answered ${res.status} for ${collection}`);
  const body = (await res.json()) as { docs: T[] };
  return body.docs;
}

/** How many documents one answer of a collection that grows with imports holds (fetchCmsCollectionInPages). */
export const CMS_READ_PAGE_SIZE = 200;

/**
 * Reads every document of a collection that grows with imports (thousands of articles), in the
 * CMS's order: first the ids alone, in one light answer, then the documents a page of ids at a
 * time. The CMS answers on one thread: one answer holding every article (a 2,000-article import)
 * kept it from answering anyone else — the admin's next calls included — for as long as it took,
 * and one that outlasted its time here was abandoned by this reader but not by the CMS, which went
 * on with it while the next read began (issue 49 #4). A document deleted or unpublished between
 * the two reads is left out, one written meanwhile waits for the next read: its own change signal
 * brings that read.
 */
export async function fetchCmsCollectionInPages<T extends { id: number }>(cmsUrl: string, secret: string, collection: string, query: { sort: string; where?: string; depth?: number; select?: string }): Promise<T[]> {
  const { sort, where = '', depth = 1, select = '' } = query;
  const read = async <A>(params: string): Promise<A> => {
    const res = await fetch(`${cmsUrl}/cms/api/${collection}?pagination=false${params}${where}`, { headers: { 'x-internal-secret': secret }, signal: AbortSignal.timeout(15_000) });
    if (!res.ok) throw new Error(`CMS answered ${res.status} for ${collection}`);
    return (await res.json()) as A;
  };
  const order = (await read<{ docs: { id: number }[] }>(`&depth=0&sort=${encodeURIComponent(sort)}&select[id]=true`)).docs.map((d) => d.id);
  const byId = new Map<number, T>();
  for (let from = 0; from < order.length; from += CMS_READ_PAGE_SIZE) {
    const ids = order.slice(from, from + CMS_READ_PAGE_SIZE).join(',');
    for (const doc of (await read<{ docs: T[] }>(`&depth=${depth}&where[id][in]=${ids}${select}`)).docs) byId.set(doc.id, doc);
  }
  return order.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The article fields the site and the API read (CmsArticle), asked for by name: never the editor's
 * rich text (`content`, which the CMS fills in at depth 1 node by node, and the site shows only as
 * `contentHtml`) nor the CMS's own joins and virtual fields. Keyed by CmsArticle's fields, so a
 * field added there is asked for here or the build fails.
 */
const ARTICLE_FIELDS: Record<Exclude<keyof CmsArticle, 'id'>, true> = {
  title: true, excerpt: true, author: true, category: true, thumbnail: true, publishDate: true, unpublishDate: true,
  membershipRequired: true, contentHtml: true, hasInteractiveElements: true, isAmpCompatible: true, interactiveData: true, createdAt: true,
};
const ARTICLE_SELECT = Object.keys(ARTICLE_FIELDS).map((f) => `&select[${f}]=true`).join('');

export type ContentRecords = {
  articles: CmsArticle[];
  categories: CmsCategory[];
  videos: CmsVideo[];
  products: CmsProduct[];
  /** Absent in snapshots taken before plans were in the CMS. */
  membershipPlans?: CmsMembershipPlan[];
  /** Games, studies and backyard (issue 21); absent in older snapshots. */
  quizQuestions?: CmsQuizQuestion[];
  scrambleWords?: CmsScrambleWord[];
  studyResources?: CmsStudyResource[];
  backyardArticles?: CmsBackyardArticle[];
  /** The site settings global (issue 23); absent in older snapshots. */
  settings?: CmsSiteSettings;
  /** Imported articles' addresses on their previous site (issue 40); absent in older snapshots. */
  oldAddresses?: CmsOldAddress[];
  /** When what the site shows changes next, and the articles waiting (content-snapshot.ts: `visibleAt`); set by the snapshot, never by the CMS. */
  schedule?: ContentSchedule;
};

export function toMembershipPlan(doc: CmsMembershipPlan): MembershipPlan {
  return {
    id: doc.tier,
    name: doc.name,
    description: doc.description ?? '',
    features: (doc.features ?? []).map((f) => f.text),
    highlighted: Boolean(doc.highlighted),
    badge: doc.badge || null,
  };
}

/** The collections with drafts (issue 36): the site reads only their published versions. */
const PUBLISHED = '&where[_status][equals]=published';

/** Everything the site and the API show, in one consistent read. */
export async function fetchAllContent(cmsUrl: string, secret: string): Promise<ContentRecords> {
  const [articles, categories, videos, products, membershipPlans, quizQuestions, scrambleWords, studyResources, backyardArticles, settings, oldAddresses] = await Promise.all([
    // Published versions only (DESIGN §7.21): drafts, and a draft of a live document, stay in the CMS.
    fetchCmsCollectionInPages<CmsArticle>(cmsUrl, secret, 'articles', { sort: '-publishDate', where: PUBLISHED, select: ARTICLE_SELECT }),
    fetchCmsCollection<CmsCategory>(cmsUrl, secret, 'categories', 'title'),
    fetchCmsCollection<CmsVideo>(cmsUrl, secret, 'videos', '-publishDate', PUBLISHED),
    fetchCmsCollection<CmsProduct>(cmsUrl, secret, 'products', 'name', PUBLISHED),
    fetchCmsCollection<CmsMembershipPlan>(cmsUrl, secret, 'membership-plans', 'sortOrder'),
    fetchCmsCollection<CmsQuizQuestion>(cmsUrl, secret, 'quiz-questions', 'id', PUBLISHED),
    fetchCmsCollection<CmsScrambleWord>(cmsUrl, secret, 'scramble-words', 'id', PUBLISHED),
    fetchCmsCollection<CmsStudyResource>(cmsUrl, secret, 'study-resources', 'sortOrder', PUBLISHED),
    fetchCmsCollection<CmsBackyardArticle>(cmsUrl, secret, 'backyard-articles', 'sortOrder', PUBLISHED),
    fetchCmsSiteSettings(cmsUrl, secret),
    // Depth 0: each names its article by id (or null once it is deleted).
    fetchCmsCollectionInPages<CmsOldAddress>(cmsUrl, secret, 'old-addresses', { sort: 'path', depth: 0 }),
  ]);
  return { articles, categories, videos, products, membershipPlans, quizQuestions, scrambleWords, studyResources, backyardArticles, settings, oldAddresses };
}
