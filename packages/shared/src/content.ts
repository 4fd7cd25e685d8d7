import { z } from 'zod';
import { TIERS } from './tiers.ts';

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

/** GET /api/articles/{id}: the body and interactive data only when the viewer's tier allows. */
export const ArticleDetailSchema = ArticleSummarySchema.extend({
  locked: z.boolean(),
  content: z.string().nullable(),
  interactiveData: InteractiveDataSchema.nullable(),
});
export type ArticleDetail = z.infer<typeof ArticleDetailSchema>;

export const VideoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  externalId: z.string().nullable(),
  videoUrl: z.string(),
  publishDate: z.string(),
  views: z.number().int(),
  duration: z.string(),
  author: z.string(),
  membershipRequired: TierSchema,
});
export type Video = z.infer<typeof VideoSchema>;

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

/** The studio name shown as author when an article names none. */
export const STUDIO_NAME = 'Better Self Studio';

/** GET /api/search's answer. */
export type SearchResults = { query: string; articles: ArticleSummary[]; videos: Video[]; products: Product[] };
