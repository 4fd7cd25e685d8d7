import { revenueTotals, type RevenuePoint, type RevenueSeries, type SeriesQuery } from '@app/shared/schemas';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { PAID_COVER } from './member-stats.ts';
import { eventBuckets, periodsOf, perPeriod, previousPeriods, runningTotals, type Period } from './periods.ts';

/**
 * GET /api/admin/stats/revenue?from=&to=&by= (issue 39): at the end of each period, the monthly
 * recurring revenue of the memberships then paid for (each subscription's latest paid invoice, a
 * year's counted as a twelfth a month), and within it the store's takings (orders not cancelled,
 * at their charged totals) and how many orders they were; and the same for as many periods just
 * before (issue 47 #13), to compare with.
 */
export async function revenueStats(db: Db, caller: UserRow | null, query: SeriesQuery, now = new Date()): Promise<RevenueSeries> {
  requirePermission(caller, 'administer');
  const periods = periodsOf(query, now);
  const [series, previous] = await Promise.all([revenuePoints(db, periods), revenuePoints(db, previousPeriods(periods, query.by))]);
  return { series, totals: revenueTotals(series), previous: { series: previous, totals: revenueTotals(previous) } };
}

async function revenuePoints(db: Db, periods: Period[]): Promise<RevenuePoint[]> {
  if (periods.length === 0) return [];
  const { atEnds, within, lastEnd, firstStart } = eventBuckets(periods);
  // A subscription's monthly amount is its latest paid invoice's, from that invoice's payment until
  // the next one's or until it runs out (a subscription's invoices all cover as long, so a later one
  // never ends sooner): one stretch an invoice, counted by its start and end.
  const [mrr, store] = await Promise.all([
    db.execute<{ bucket: number; weight: number }>(sql`
      with paid as (${PAID_COVER}),
      reigns as (
        select covers_from as f, least(covers_to, coalesce(lead(covers_from) over (partition by subscription_id order by covers_from, amount_cents), 'infinity')) as t,
               case when interval = 'year' then amount_cents / 12.0 else amount_cents end as monthly
        from paid
      ),
      events as (select f as at, monthly as w from reigns where f < t union all select t, -monthly from reigns where f < t)
      select ${atEnds(sql`at`)} as bucket, sum(w) as weight from events where at < ${lastEnd} group by 1`),
    db.execute<{ bucket: number; weight: number; orders: number }>(sql`
      select ${within(sql`created_at`)} as bucket, coalesce(sum(total), 0)::bigint as weight, count(*)::int as orders
      from app.orders where status <> 'cancelled' and created_at >= ${firstStart} and created_at < ${lastEnd} group by 1`),
  ]);
  const mrrAt = runningTotals(periods, mrr.rows);
  const takings = perPeriod(periods, store.rows);
  const orders = perPeriod(periods, store.rows.map((r) => ({ bucket: r.bucket, weight: r.orders })));
  return periods.map((p, i) => ({ date: p.date, mrrCents: Math.round(mrrAt[i]!), storeCents: takings[i]!, orders: orders[i]! }));
}
