import { PLAN_IDS, PLANS, type Tier } from '@app/shared/browser';
import { memberTotals, type MemberPoint, type MemberSeries, type SeriesQuery } from '@app/shared/schemas';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { eventBuckets, periodPoints, periodsOf, perPeriod, previousPeriods, runningTotals, textArray, type Period } from './periods.ts';

const plansOf = (tier: Tier) => PLAN_IDS.filter((p) => PLANS[p].tier === tier);

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

/**
 * GET /api/admin/stats/members?from=&to=&by= (issue 39): at the end of each period, the members
 * by tier (VIP: granted then, or paid for; Pro: covered by a paid Pro invoice then; free: everyone
 * else), and the paid memberships that began (`joined`) and ended (`cancelled`) within it; and the
 * same for as many periods just before (issue 47 #13), to compare with.
 */
export async function memberStats(db: Db, caller: UserRow | null, query: SeriesQuery, now = new Date()): Promise<MemberSeries> {
  requirePermission(caller, 'administer');
  const periods = periodsOf(query, now);
  const [series, previous] = await Promise.all([memberPoints(db, periods), memberPoints(db, previousPeriods(periods, query.by))]);
  return { series, totals: memberTotals(series), previous: { series: previous, totals: memberTotals(previous) } };
}

async function memberPoints(db: Db, periods: Period[]): Promise<MemberPoint[]> {
  if (periods.length === 0) return [];
  const [totals, paid] = await Promise.all([membersAt(db, periods), paidAt(db, periods)]);
  return periods.map((p, i) => {
    const { pro, vip, joined, cancelled } = paid[i]!;
    return { date: p.date, free: Math.max(0, totals[i]! - pro - vip), pro, vip, joined, cancelled };
  });
}

async function paidAt(db: Db, periods: Period[]): Promise<{ pro: number; vip: number; joined: number; cancelled: number }[]> {
  const vipPlans = textArray(plansOf('vip'));
  const proPlans = textArray(plansOf('pro'));
  const { atEnds, within, lastEnd } = eventBuckets(periods);
  // Pro: each member's paid Pro cover merged into unbroken stretches (a renewal paid before the
  // last one ran out continues it), ended early by the account's deletion; counted by the
  // stretches' starts and ends (events), not by a scan per period.
  const proStretches = sql`
    with cover as (
      select user_id, covers_from as f, least(covers_to, coalesce(deleted_at, 'infinity')) as t from (${PAID_COVER}) paid
      where plan = any(${proPlans}) and covers_from < least(covers_to, coalesce(deleted_at, 'infinity'))
    ),
    marked as (
      select user_id, f, t, case when f <= max(t) over (partition by user_id order by f, t rows between unbounded preceding and 1 preceding) then 0 else 1 end as starts_one
      from cover
    ),
    numbered as (select user_id, f, t, sum(starts_one) over (partition by user_id order by f, t) as stretch from marked)
    select user_id, min(f) as f, max(t) as t from numbered group by user_id, stretch`;
  const [pro, memberships, vipRows] = await Promise.all([
    db.execute<{ bucket: number; weight: number }>(sql`
      with stretches as (${proStretches}), events as (select f as at, 1 as w from stretches union all select t, -1 from stretches where t < 'infinity')
      select ${atEnds(sql`at`)} as bucket, sum(w)::int as weight from events where at < ${lastEnd} group by 1`),
    // A membership (a subscription's paid invoices) began with the first and ended when the last ran out.
    db.execute<{ began: number; ended: number; weight: number }>(sql`
      with paid as (${PAID_COVER}), memberships as (select min(covers_from) as began, max(covers_to) as ended from paid group by subscription_id)
      select ${within(sql`began`)} as began, 0 as ended, count(*)::int as weight from memberships where began < ${lastEnd} group by 1
      union all
      select 0, ${within(sql`ended`)}, count(*)::int from memberships where ended < ${lastEnd} group by 2`),
    // VIP is paid for (when the catalogue sells it) or granted by an admin: the audit log holds each
    // grant and each taking back. Before a member's first such entry they were what it says they
    // were (`from`); a member with none has been what they are now since they joined. A deleted
    // account is no one's member, whatever it had paid for. These are few: a query per period, over
    // them alone, also says which of them Pro would otherwise count.
    db.execute<{ vip: number; pro_too: number }>(sql`
      with paid_vip as (select * from (${PAID_COVER}) paid where plan = any(${vipPlans})),
      grants as (
        select target_user_id as user_id, created_at as at, action = 'user.vip_granted' as granted, details->>'from' = 'vip' as was_vip
        from app.audit_log where action in ('user.vip_granted', 'user.vip_revoked') and target_user_id is not null
      ),
      granted_users as (select id, created_at, deleted_at, membership_tier from app.users where membership_tier = 'vip' or id in (select user_id from grants)),
      candidates as (select id as user_id from granted_users union select user_id from paid_vip),
      -- Materialized: read at every period, it must not be worked out again at each.
      pro_of_candidates as materialized (select * from (${proStretches}) s where user_id in (select user_id from candidates)),
      points as (${periodPoints(periods)})
      select cardinality(v.ids) as vip, (select count(distinct p.user_id) from pro_of_candidates p where p.user_id = any(v.ids) and p.f <= pt.at and p.t > pt.at)::int as pro_too
      from points pt
      cross join lateral (
        select array(
          select user_id from paid_vip where covers_from <= pt.at and covers_to > pt.at and (deleted_at is null or deleted_at > pt.at)
          union
          select gu.id from granted_users gu
          where gu.created_at <= pt.at and (gu.deleted_at is null or gu.deleted_at > pt.at)
            and coalesce(
              (select g.granted from grants g where g.user_id = gu.id and g.at <= pt.at order by g.at desc limit 1),
              (select g.was_vip from grants g where g.user_id = gu.id order by g.at limit 1),
              gu.membership_tier = 'vip')
        ) as ids
      ) v
      order by pt.n`),
  ]);
  const proAt = runningTotals(periods, pro.rows);
  const joined = perPeriod(periods, memberships.rows.filter((r) => Number(r.began) > 0).map((r) => ({ bucket: r.began, weight: r.weight })));
  const cancelled = perPeriod(periods, memberships.rows.filter((r) => Number(r.ended) > 0).map((r) => ({ bucket: r.ended, weight: r.weight })));
  return periods.map((_p, i) => {
    const { vip, pro_too } = vipRows.rows[i]!;
    return { pro: proAt[i]! - Number(pro_too), vip: Number(vip), joined: joined[i]!, cancelled: cancelled[i]! };
  });
}
