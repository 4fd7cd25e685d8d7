import { catalogue } from '@app/shared/browser';
import { memberTotals, type MemberPoint, type MemberSeries, type SeriesQuery } from '@app/shared/schemas';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { eventBuckets, periodPoints, periodsOf, perPeriod, previousPeriods, runningTotals, textArray, type Period } from './periods.ts';

/**
 * The database's history of paid membership, as one row per paid invoice: it paid for its
 * subscription's plan from when it was paid, for a month or a year. A membership is what paid
 * invoices cover; it began with its subscription's first paid invoice and ended when the last one
 * ran out (a cancelled subscription is paid up to its period's end, and then it is over).
 */
export const PAID_COVER = sql`
  select i.user_id, i.subscription_id, s.plan, i.amount_cents, s.interval, u.deleted_at,
         i.created_at as covers_from,
         i.created_at + case when s.interval = 'year' then interval '1 year' else interval '1 month' end as covers_to
  from app.invoices i join app.subscriptions s on s.id = i.subscription_id join app.users u on u.id = i.user_id
  where i.status = 'paid'`;


/** Members at each period's end: every account then open, less the deleted (events bucketed by period, then summed). */
export async function membersAt(db: Db, periods: Period[]): Promise<number[]> {
  const starts = textArray(periods.map((p) => p.start.toISOString()));
  const end = periods.at(-1)!.end.toISOString();
  const rows = await db.execute<{ bucket: number; change: number }>(sql`
    with events as (
      select created_at as at, 1 as change from app.users
      union all
      select deleted_at, -1 from app.users where deleted_at is not null
    )
    select width_bucket(at, (select ${starts}::timestamptz[])) as bucket, sum(change)::int as change
    from events where at < ${end}::timestamptz group by bucket`);
  const change = new Map(rows.rows.map((r) => [Number(r.bucket), Number(r.change)]));
  let total = change.get(0) ?? 0;
  return periods.map((_p, i) => (total += change.get(i + 1) ?? 0));
}

/** What members are counted by: a catalogue's tiers, lowest first, the tier each plan sells, and the tier admins grant. */
export type CountedTiers<T extends string> = { tiers: readonly T[]; plans: Readonly<Record<string, { tier: T }>>; grantedTier: T };

/**
 * GET /api/admin/stats/members?from=&to=&by= (issue 39): at the end of each period, the members
 * by the catalogue's tiers — each member in the highest tier they then held: a sold tier while a
 * paid invoice for one of its plans covered them, the granted tier (VIP) while an admin's grant
 * stood, the first tier (free) otherwise — and the paid memberships that began (`joined`) and
 * ended (`cancelled`) within it; and the same for as many periods just before (issue 47 #13), to
 * compare with. Counted by `counted` (the real catalogue; tests count by another).
 */
export function memberStatsBy<T extends string>(counted: CountedTiers<T>) {
  return async function memberStats(db: Db, caller: UserRow | null, query: SeriesQuery, now = new Date()): Promise<MemberSeries<T>> {
    requirePermission(caller, 'administer');
    const periods = periodsOf(query, now);
    const [series, previous] = await Promise.all([memberPoints(db, counted, periods), memberPoints(db, counted, previousPeriods(periods, query.by))]);
    return { series, totals: memberTotals(series, counted.tiers), previous: { series: previous, totals: memberTotals(previous, counted.tiers) } };
  };
}

export const memberStats = memberStatsBy(catalogue);

async function memberPoints<T extends string>(db: Db, counted: CountedTiers<T>, periods: Period[]): Promise<MemberPoint<T>[]> {
  if (periods.length === 0) return [];
  const [totals, paid] = await Promise.all([membersAt(db, periods), paidAt(db, counted, periods)]);
  const first = counted.tiers[0]!;
  return periods.map((p, i) => {
    const { byTier, joined, cancelled } = paid[i]!;
    const above = [...byTier.values()].reduce((a, b) => a + b, 0);
    const tiers = Object.fromEntries(counted.tiers.map((t) => [t, t === first ? Math.max(0, totals[i]! - above) : byTier.get(t)!]));
    return { date: p.date, ...tiers, joined, cancelled } as MemberPoint<T>;
  });
}

/**
 * Paid cover by tier: each paid invoice of a plan the catalogue sells, with the tier its plan
 * sells, ended early by the account's deletion.
 */
function tierCover(counted: CountedTiers<string>): SQL {
  const plans = Object.keys(counted.plans);
  return sql`
    select paid.user_id, plan_tier.tier, paid.covers_from as f, least(paid.covers_to, coalesce(paid.deleted_at, 'infinity')) as t
    from (${PAID_COVER}) paid
    join unnest(${textArray(plans)}, ${textArray(plans.map((p) => counted.plans[p]!.tier))}) as plan_tier(plan, tier) on plan_tier.plan = paid.plan
    where paid.covers_from < least(paid.covers_to, coalesce(paid.deleted_at, 'infinity'))`;
}

/** At each period's end, the members in each tier above the first, and the memberships begun and ended within it. */
async function paidAt<T extends string>(db: Db, counted: CountedTiers<T>, periods: Period[]): Promise<{ byTier: Map<T, number>; joined: number; cancelled: number }[]> {
  const { atEnds, within, lastEnd } = eventBuckets(periods);
  const cover = tierCover(counted);
  const granted = sql`${counted.grantedTier}::text`;
  // Each member's paid cover of each tier merged into unbroken stretches (a renewal paid before the
  // last one ran out continues it); counted by the stretches' starts and ends (events), not by a
  // scan per period.
  const stretches = sql`
    with cover as (${cover}),
    marked as (
      select user_id, tier, f, t, case when f <= max(t) over (partition by user_id, tier order by f, t rows between unbounded preceding and 1 preceding) then 0 else 1 end as starts_one
      from cover
    ),
    numbered as (select user_id, tier, f, t, sum(starts_one) over (partition by user_id, tier order by f, t) as stretch from marked)
    select user_id, tier, min(f) as f, max(t) as t from numbered group by user_id, tier, stretch`;
  // Those paying for two tiers at once (an upgrade paid before the last plan ran out): only when
  // the catalogue sells more than one.
  const soldTiers = new Set(Object.values(counted.plans).map((p) => p.tier));
  const payingForTwo = soldTiers.size > 1 ? sql`union select user_id from cover group by user_id having count(distinct tier) > 1` : sql``;
  const [covered, memberships, few] = await Promise.all([
    db.execute<{ tier: T; bucket: number; weight: number }>(sql`
      with stretches as (${stretches}), events as (select tier, f as at, 1 as w from stretches union all select tier, t, -1 from stretches where t < 'infinity')
      select tier, ${atEnds(sql`at`)} as bucket, sum(w)::int as weight from events where at < ${lastEnd} group by 1, 2`),
    // A membership (a subscription's paid invoices) began with the first and ended when the last ran out.
    db.execute<{ began: number; ended: number; weight: number }>(sql`
      with paid as (${PAID_COVER}), memberships as (select min(covers_from) as began, max(covers_to) as ended from paid group by subscription_id)
      select ${within(sql`began`)} as began, 0 as ended, count(*)::int as weight from memberships where began < ${lastEnd} group by 1
      union all
      select 0, ${within(sql`ended`)}, count(*)::int from memberships where ended < ${lastEnd} group by 2`),
    // The few who may hold two tiers at once — granted members, and those paying for two tiers —
    // are counted one by one at each period's end, in the highest tier they hold (`top`), and
    // taken out of the counts above (`paid`: the paid tiers the events counted them in). The
    // granted tier: the audit log holds each grant and each taking back. Before a member's first
    // such entry they were what it says they were (`from`); a member with none has been what they
    // are now since they joined. A deleted account is no one's member, whatever it had paid for.
    db.execute<{ n: number; tier: T; paid: number; top: number }>(sql`
      with cover as (${cover}),
      grants as (
        select target_user_id as user_id, created_at as at, action = 'user.vip_granted' as granted, details->>'from' = ${granted} as was_granted
        from app.audit_log where action in ('user.vip_granted', 'user.vip_revoked') and target_user_id is not null
      ),
      granted_users as (select id, created_at, deleted_at, membership_tier from app.users where membership_tier = ${granted} or id in (select user_id from grants)),
      candidates as (select id as user_id from granted_users ${payingForTwo}),
      -- Materialized: read at every period, it must not be worked out again at each.
      candidate_cover as materialized (select user_id, tier, f, t from cover where user_id in (select user_id from candidates)),
      points as (${periodPoints(periods)}),
      paid_held as (select distinct pt.n, c.user_id, c.tier from points pt join candidate_cover c on c.f <= pt.at and c.t > pt.at),
      granted_held as (
        select pt.n, gu.id as user_id, ${granted} as tier from points pt cross join granted_users gu
        where gu.created_at <= pt.at and (gu.deleted_at is null or gu.deleted_at > pt.at)
          and coalesce(
            (select g.granted from grants g where g.user_id = gu.id and g.at <= pt.at order by g.at desc limit 1),
            (select g.was_granted from grants g where g.user_id = gu.id order by g.at limit 1),
            gu.membership_tier = ${granted})
      ),
      top as (
        select distinct on (h.n, h.user_id) h.n, h.tier
        from (select * from paid_held union all select * from granted_held) h
        join unnest(${textArray(counted.tiers)}) with ordinality as r(tier, rank) on r.tier = h.tier
        order by h.n, h.user_id, r.rank desc
      )
      select n, tier, sum(paid)::int as paid, sum(top)::int as top
      from (select n, tier, 1 as paid, 0 as top from paid_held union all select n, tier, 0, 1 from top) held
      group by n, tier`),
  ]);
  const coveredAt = new Map([...soldTiers].map((t) => [t, runningTotals(periods, covered.rows.filter((r) => r.tier === t))]));
  const joined = perPeriod(periods, memberships.rows.filter((r) => Number(r.began) > 0).map((r) => ({ bucket: r.began, weight: r.weight })));
  const cancelled = perPeriod(periods, memberships.rows.filter((r) => Number(r.ended) > 0).map((r) => ({ bucket: r.ended, weight: r.weight })));
  const points = periods.map((_p, i) => ({ byTier: new Map(counted.tiers.slice(1).map((t) => [t, coveredAt.get(t)?.[i] ?? 0])), joined: joined[i]!, cancelled: cancelled[i]! }));
  for (const r of few.rows) {
    const { byTier } = points[Number(r.n) - 1]!;
    byTier.set(r.tier, byTier.get(r.tier)! - Number(r.paid) + Number(r.top));
  }
  return points;
}
