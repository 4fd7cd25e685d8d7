import { isoDay } from '@app/shared/browser';
import type { StatStep } from '@app/shared/schemas';
import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';

const DAY_MS = 86_400_000;
/** At most this many periods in one series (a year by day, or everything since 1940 by month). */
export const MAX_PERIODS = 1000;

export type Period = { date: string; start: Date; end: Date };


/** The start (UTC) of the period holding `day`: the day, its ISO week's Monday, or its month's first. */
function periodStart(day: Date, by: StatStep): Date {
  if (by === 'month') return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
  if (by === 'week') return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
  return day;
}

function next(start: Date, by: StatStep): Date {
  if (by === 'month') return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  return new Date(start.getTime() + (by === 'week' ? 7 : 1) * DAY_MS);
}

/** The days (UTC, both included) a stats call covers: the 30 days up to today when none are given. */
export function statsRange(query: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const to = query.to ?? isoDay(now);
  return { from: query.from ?? isoDay(new Date(Date.parse(to) - 29 * DAY_MS)), to };
}

/**
 * The same number of periods just before `periods`, step for step (issue 47 #13: a series is
 * compared with the one before it). They lie wholly in the past, so each runs to its full end.
 */
export function previousPeriods(periods: Period[], by: StatStep): Period[] {
  const first = periods[0];
  if (!first) return [];
  const n = periods.length;
  let start =
    by === 'month'
      ? new Date(Date.UTC(first.start.getUTCFullYear(), first.start.getUTCMonth() - n, 1))
      : new Date(first.start.getTime() - n * (by === 'week' ? 7 : 1) * DAY_MS);
  const before: Period[] = [];
  for (let i = 0; i < n; i++) {
    const end = next(start, by);
    before.push({ date: isoDay(start), start, end });
    start = end;
  }
  return before;
}

/** A list as one array parameter (drizzle's template would spread a JS array into several). */
export const textArray = (values: readonly string[]): SQL => sql`${sql.param(values)}::text[]`;

/** The periods as the `points` of a query: each one's start and end, numbered in order. */
export function periodPoints(periods: Period[]): SQL {
  const list = (dates: Date[]) => textArray(dates.map((d) => d.toISOString()));
  return sql`select p.at::timestamptz as at, p.starts::timestamptz as starts, p.n from unnest(${list(periods.map((p) => p.end))}, ${list(periods.map((p) => p.start))}) with ordinality as p(at, starts, n)`;
}

/**
 * The periods of a series, from the one holding `from` to the one holding `to` (the 30 days up to
 * today by default). Each is named by its first day; its end is the next one's start, or `now`
 * for the period under way (a count "at the end" of it is a count now).
 */
export function periodsOf(query: { from?: string; to?: string; by: StatStep }, now: Date): Period[] {
  const { from, to } = statsRange(query, now);
  const last = new Date(`${to}T00:00:00.000Z`);
  const periods: Period[] = [];
  // Periods still to come are left out: nothing has happened in them.
  for (let start = periodStart(new Date(`${from}T00:00:00.000Z`), query.by); start <= last && start <= now; start = next(start, query.by)) {
    if (periods.length === MAX_PERIODS) throw new AppError('bad_request', `A series holds at most ${MAX_PERIODS} periods: choose a shorter time or a longer step.`);
    const end = next(start, query.by);
    periods.push({ date: isoDay(start), start, end: end > now ? now : end });
  }
  return periods;
}

/**
 * Counting with events instead of a query per period (a dashboard over 100,000 members and their
 * invoices must not scan them once a period). `atEnds` is the SQL for the bucket an event falls in,
 * so that its weight counts at every period end at or after it: with `n` = how many period ends
 * come strictly before the event's time, it counts at ends n+1…; `runningTotals` adds them up.
 * `within` buckets a time into the period holding it (1…), 0 before the first, and the events at
 * or after the last period's end are left out by the query.
 */
export function eventBuckets(periods: Period[]): { atEnds: (time: SQL) => SQL; within: (time: SQL) => SQL; lastEnd: SQL; firstStart: SQL } {
  const ends = textArray(periods.map((p) => p.end.toISOString()));
  const starts = textArray(periods.map((p) => p.start.toISOString()));
  return {
    // The arrays in a sub-select: read once per query (a cast to timestamptz is not folded, and
    // would run again for every row).
    atEnds: (time) => sql`width_bucket(${time} - interval '1 microsecond', (select ${ends}::timestamptz[]))`,
    within: (time) => sql`width_bucket(${time}, (select ${starts}::timestamptz[]))`,
    lastEnd: sql`${periods.at(-1)!.end.toISOString()}::timestamptz`,
    firstStart: sql`${periods[0]!.start.toISOString()}::timestamptz`,
  };
}

/** The value at each period's end from weights bucketed by `atEnds` (bucket n counts from end n+1). */
export function runningTotals(periods: Period[], buckets: { bucket: number | string; weight: number | string }[]): number[] {
  const by = new Map<number, number>();
  for (const b of buckets) by.set(Number(b.bucket), (by.get(Number(b.bucket)) ?? 0) + Number(b.weight));
  let total = 0;
  return periods.map((_p, i) => (total += by.get(i) ?? 0));
}

/** Per period, from counts bucketed by `within` (bucket i+1 is period i). */
export function perPeriod(periods: Period[], buckets: { bucket: number | string; weight: number | string }[]): number[] {
  const by = new Map(buckets.map((b) => [Number(b.bucket), Number(b.weight)]));
  return periods.map((_p, i) => by.get(i + 1) ?? 0);
}
