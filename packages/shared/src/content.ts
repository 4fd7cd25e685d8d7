import { z } from 'zod';
import type { BulletinPost } from './community-schemas.ts';
import { TIERS, type Tier } from './tiers.ts';

export const TierSchema = z.enum(TIERS);

export const CategorySchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  colour: z.string(),
  headerImage: z.string().nullable(),
});
export type Category = z.infer<typeof CategorySchema>;

export const CharacterGuideSchema = z.object({
  type: z.string(),
  title: z.string(),
  message: z.string(),
  triggerAt: z.union([z.enum(['start', 'middle', 'end']), z.number().min(0).max(100)]),
  showAutomatically: z.boolean(),
});

export const QuizSchema = z.object({
  title: z.string(),
  description: z.string(),
  pointsPerQuestion: z.number().int().positive().default(10),
  questions: z.array(
    z.object({
      question: z.string(),
      options: z.array(z.string()).min(2),
      correctAnswer: z.number().int().min(0),
      explanation: z.string(),
    }),
  ),
});

export const InteractiveDataSchema = z.object({
  characterGuides: z.array(CharacterGuideSchema).default([]),
  quiz: QuizSchema.nullable().default(null),
  keyPoints: z.array(z.string()).default([]),
  experiment: z
    .object({ title: z.string(), description: z.string(), steps: z.array(z.string()), conclusion: z.string() })
    .nullable()
    .default(null),
});
export type InteractiveData = z.infer<typeof InteractiveDataSchema>;

/**
 * Interactive parts as the browser gets them: the quiz without its answer key. Right answers
 * and explanations stay on the server and come back from the checking call, one question at
 * a time (POST /api/articles/{id}/quiz/check).
 */
export type PublicQuiz = Omit<NonNullable<InteractiveData['quiz']>, 'questions'> & { questions: { question: string; options: string[] }[] };
export type PublicInteractiveData = Omit<InteractiveData, 'quiz'> & { quiz: PublicQuiz | null };

export function toPublicInteractiveData(data: InteractiveData): PublicInteractiveData {
  const quiz = data.quiz && { ...data.quiz, questions: data.quiz.questions.map(({ question, options }) => ({ question, options })) };
  return { ...data, quiz };
}

export const QuizCheckSchema = z.object({ question: z.number().int().min(0).max(99), answer: z.number().int().min(0).max(20) });
export type QuizCheckInput = z.infer<typeof QuizCheckSchema>;
/** A finished quiz: the chosen option of every question, in order. */
export const QuizAnswersSchema = z.object({ answers: z.array(z.number().int().min(0).max(20)).max(100) });
export type QuizAnswers = z.infer<typeof QuizAnswersSchema>;

/** GET /api/search?q= */
export const SearchQuerySchema = z.object({ q: z.string().trim().max(200).default('') });
/** The answer to one quiz question, after the reader chose. */
export type QuizCheck = { correct: boolean; correctAnswer: number; explanation: string };
/** A finished quiz's score (kept for signed-in readers). */
export type QuizScore = { correct: number; total: number; points: number };

/** What every visitor may see of an article (list items, static page head). */
export const ArticleSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  author: z.string(),
  category: z.string(),
  categoryTitle: z.string(),
  thumbnail: z.string().nullable(),
  publishDate: z.string(),
  membershipRequired: TierSchema,
  hasInteractiveElements: z.boolean(),
  isAmpCompatible: z.boolean(),
});
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;

/**
 * Where a published article stands at `now` by its dates (DESIGN §7.21): `scheduled` before its
 * publish date, `ended` from its unpublish date, `live` between. The snapshot, the preview and the
 * CMS's list all ask this.
 */
export function articleTiming(dates: { publishDate?: string | null; unpublishDate?: string | null }, now: number): 'scheduled' | 'live' | 'ended' {
  if (dates.publishDate && Date.parse(dates.publishDate) > now) return 'scheduled';
  if (dates.unpublishDate && Date.parse(dates.unpublishDate) <= now) return 'ended';
  return 'live';
}

/** A published article waiting for its publish date (DESIGN §7.21), as Admin → Articles lists it. */
export type ScheduledArticle = { id: number; title: string; publishDate: string; unpublishDate: string | null };

/**
 * Where an article stands (issue 47 #13): a draft (never published, or set back to one), published
 * for a date still to come, on the site, or past its unpublish date. `articleStatus` decides it.
 */
export const ARTICLE_STATUSES = ['draft', 'scheduled', 'live', 'ended'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export function articleStatus(a: { _status?: string | null; publishDate?: string | null; unpublishDate?: string | null }, now: number): ArticleStatus {
  return a._status === 'draft' ? 'draft' : articleTiming(a, now);
}

/** GET /api/admin/articles: every article the CMS holds, drafts included, with where it stands and its readings so far. */
export type AdminArticle = {
  id: number;
  title: string;
  category: string | null;
  categoryTitle: string | null;
  membershipRequired: Tier;
  status: ArticleStatus;
  publishDate: string | null;
  views: number;
};

/** GET /api/articles/{id}: the body and interactive data only when the viewer's tier allows. */
export type ArticleDetail = ArticleSummary & { locked: boolean; content: string | null; interactiveData: PublicInteractiveData | null };

export const VideoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  /** The channel's video id; null in the public view of a gated video. */
  externalId: z.string().nullable(),
  /** Null in the public view of a gated video: its player needs the viewer's tier (GET /api/youtube/videos/{id}). */
  videoUrl: z.string().nullable(),
  publishDate: z.string(),
  views: z.number().int(),
  duration: z.string(),
  author: z.string(),
  membershipRequired: TierSchema,
});
export type Video = z.infer<typeof VideoSchema>;
/** GET /api/youtube/videos/{id}: locked when the viewer's tier does not reach the video's (no player then). */
export type VideoDetail = Video & { locked: boolean; lockedReason?: string };

export const ProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: z.number().int().nonnegative(),
  imageUrl: z.string().nullable(),
  category: z.string(),
  creator: z.string(),
  isFeatured: z.boolean(),
  inStock: z.boolean(),
});
export type Product = z.infer<typeof ProductSchema>;

/** A tier's marketing copy on /membership (spec 02 §3 "Membership tier"); its prices come from the catalogue (catalogue.ts). */
export type MembershipPlan = { id: Tier; name: string; description: string; features: string[]; highlighted: boolean; badge: string | null };

/** The studio name shown as author when an article names none. */
export const STUDIO_NAME = 'Better Self Studio';

/** GET /api/search's answer. */
/** GET /api/search: each kind of result in its own group (DESIGN §7.5). */
export type SearchResults = { query: string; articles: ArticleSummary[]; videos: Video[]; products: Product[]; bulletin: BulletinPost[] };

/** POST /api/youtube/sync: the channel (a handle "@name" or an id "UC…"; default YOUTUBE_CHANNEL_HANDLE) and how many of its newest videos. */
export const YouTubeSyncSchema = z.object({
  channelId: z.string().trim().max(100, 'channelId must be at most 100 characters').regex(/^[@\w.-]*$/, 'channelId must be a channel handle or id').nullish(),
  maxResults: z.coerce.number({ error: 'maxResults must be a number' }).int('maxResults must be a whole number').min(1, 'maxResults must be at least 1').max(500, 'maxResults must be at most 500').default(50),
});
export type YouTubeSyncInput = z.infer<typeof YouTubeSyncSchema>;

/** One run of the channel sync, as the admin's history shows it. */
export type YouTubeSync = { id: number; trigger: 'manual' | 'daily'; channel: string; status: 'running' | 'succeeded' | 'failed'; startedAt: string; finishedAt: string | null; fetched: number; added: number; updated: number; error: string | null };
export type YouTubeStatus = { configured: boolean; channel: string | null; dailySync: boolean; lastRun: YouTubeSync | null };
