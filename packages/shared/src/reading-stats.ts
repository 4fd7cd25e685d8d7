import { z } from 'zod';
import { IdSchema } from './ids.ts';

/** POST /api/views: the article a reader opened (sent by the static page with `sendBeacon`). */
export const ArticleViewSchema = z.object({ articleId: IdSchema });
export type ArticleView = z.infer<typeof ArticleViewSchema>;

/** A day (UTC) as YYYY-MM-DD, from 1970 to 9998: years PostgreSQL and JavaScript's dates read alike. */
export const StatsDaySchema = z.iso.date('Give dates as YYYY-MM-DD.').refine((d) => d >= '1970-01-01' && d <= '9998-12-31', 'Give a date between 1970 and 9998.');
const day = StatsDaySchema;

/** GET /api/admin/stats/articles?from=&to=: days in UTC, both included; the last 30 days by default. */
export const ArticleStatsQuerySchema = z
  .object({ from: day.optional(), to: day.optional(), limit: z.coerce.number().int().min(1).max(100).default(10) })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start date must not be after the end date.', path: ['from'] });
export type ArticleStatsQuery = z.infer<typeof ArticleStatsQuerySchema>;

/** The most read articles of a period, and each category's total. */
export type ArticleStats = {
  from: string;
  to: string;
  top: { articleId: number; title: string | null; views: number }[];
  categories: { category: string; name: string; views: number }[];
};

/** The steps a series may take. */
export const STAT_STEPS = ['day', 'week', 'month'] as const;
export type StatStep = (typeof STAT_STEPS)[number];

/** GET /api/admin/stats/members and /revenue ?from=&to=&by=: days in UTC, both included; the last 30 days by day by default. */
export const SeriesQuerySchema = z
  .object({ from: day.optional(), to: day.optional(), by: z.enum(STAT_STEPS, 'Choose day, week or month.').default('day') })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start date must not be after the end date.', path: ['from'] });
export type SeriesQuery = z.infer<typeof SeriesQuerySchema>;

/** Members at the end of each period by tier, and the paid memberships that began and ended in it. */
export type MemberSeries = { series: { date: string; free: number; pro: number; vip: number; joined: number; cancelled: number }[] };
/** Monthly recurring revenue at the end of each period, and the store's takings and orders in it. */
export type RevenueSeries = { series: { date: string; mrrCents: number; storeCents: number; orders: number }[] };
