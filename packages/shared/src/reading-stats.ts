import { z } from 'zod';
import { IdSchema } from './ids.ts';
import type { Tier } from './tiers.ts';

/** POST /api/views: the article a reader opened (sent by the static page with `sendBeacon`). */
export const ArticleViewSchema = z.object({ articleId: IdSchema });
export type ArticleView = z.infer<typeof ArticleViewSchema>;

/**
 * POST /api/internal/views: view beacons the front door answered itself, sent on a batch at a time
 * (packages/front-door/src/beacon-batches.mjs), up to 500. Each is read on its own
 * (`ForwardedViewSchema`): one the API cannot read is skipped, never the batch.
 */
export const ForwardedViewsSchema = z.object({ views: z.array(z.unknown()).max(500) });
/** One beacon of a batch: the X-Forwarded-For the door would have sent with it, and the request's reader signals as they came. */
export const ForwardedViewSchema = z.object({
  articleId: IdSchema,
  forwardedFor: z.string().min(1).max(1024),
  userAgent: z.string().max(1024).optional(),
  doNotTrack: z.string().max(1024).optional(),
  globalPrivacyControl: z.string().max(1024).optional(),
});

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

/**
 * Members at the end of a period by tier, keyed by each of the catalogue's tier ids (`free`, `pro`,
 * `vip`), and the paid memberships that began and ended in it. `T` is another catalogue's tiers in
 * tests.
 */
export type MemberPoint<T extends string = Tier> = { date: string } & Record<T, number> & { joined: number; cancelled: number };
/** A whole series in figures: members by tier at its end; memberships begun and ended over it. */
export type MemberTotals<T extends string = Tier> = Record<T, number> & { joined: number; cancelled: number };
/** Monthly recurring revenue at the end of a period, and the store's takings and orders in it. */
export type RevenuePoint = { date: string; mrrCents: number; storeCents: number; orders: number };
/** A whole series in figures: monthly recurring revenue at its end; the store's takings and orders over it. */
export type RevenueTotals = Omit<RevenuePoint, 'date'>;

/**
 * A series over the periods asked for, and the same number of periods just before them (issue 47
 * #13: the charts compare with the previous period), each with its totals.
 */
export type ComparedSeries<P, T> = { series: P[]; totals: T; previous: { series: P[]; totals: T } };
export type MemberSeries<T extends string = Tier> = ComparedSeries<MemberPoint<T>, MemberTotals<T>>;
export type RevenueSeries = ComparedSeries<RevenuePoint, RevenueTotals>;

const sum = <P>(points: P[], value: (p: P) => number) => points.reduce((total, p) => total + value(p), 0);

/** The totals of a series counted by `tiers`, the tiers its points are keyed by. */
export function memberTotals<T extends string>(points: MemberPoint<T>[], tiers: readonly T[]): MemberTotals<T> {
  const last = points.at(-1);
  const byTier = Object.fromEntries(tiers.map((t) => [t, last?.[t] ?? 0])) as Record<T, number>;
  return { ...byTier, joined: sum(points, (p) => p.joined), cancelled: sum(points, (p) => p.cancelled) };
}

export function revenueTotals(points: RevenuePoint[]): RevenueTotals {
  return { mrrCents: points.at(-1)?.mrrCents ?? 0, storeCents: sum(points, (p) => p.storeCents), orders: sum(points, (p) => p.orders) };
}
