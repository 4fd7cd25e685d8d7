import { useStore } from '@nanostores/react';
import { atom, computed } from 'nanostores';
import { useMemo, useRef } from 'react';
import { ADMIN_SECTIONS, errorMessage, formatCents, isoDay, tierLabel, TIERS, type Tier } from '@app/shared/browser';
import type { MemberSeries, RevenueSeries, StatStep } from '@app/shared/schemas';
import { endpointStore } from '../../lib/queries';
import { TimeChart, type ChartSeries } from './time-chart';

/** The periods a creator looks at, and the step each starts with. */
const RANGES = {
  '30d': { label: '30 days', by: 'day' as StatStep, steps: ['day', 'week'] as StatStep[] },
  '12m': { label: '12 months', by: 'month' as StatStep, steps: ['day', 'week', 'month'] as StatStep[] },
  all: { label: 'All time', by: 'month' as StatStep, steps: ['week', 'month'] as StatStep[] },
};
type Range = keyof typeof RANGES;
const STEP_LABEL: Record<StatStep, string> = { day: 'By day', week: 'By week', month: 'By month' };

/** The query for a range ending today (UTC); all time starts at 1970 and the charts drop the empty start. */
function rangeQuery(range: Range, by: StatStep): string {
  const to = new Date();
  const from = new Date(to);
  if (range === '30d') from.setUTCDate(from.getUTCDate() - 29);
  else if (range === '12m') from.setUTCMonth(from.getUTCMonth() - 11, 1);
  return `?${new URLSearchParams({ from: range === 'all' ? '1970-01-01' : isoDay(from), to: isoDay(to), by })}`;
}

const $view = atom<{ range: Range; by: StatStep }>({ range: '30d', by: 'day' });
const $query = computed($view, ({ range, by }) => rangeQuery(range, by));
const $members = endpointStore(ADMIN_SECTIONS.members.api.memberSeries, { query: $query });
const $revenue = endpointStore(ADMIN_SECTIONS.members.api.revenueSeries, { query: $query });

/** All time: from the first period with anything in it. */
function fromFirstActivity<T>(points: T[], active: (p: T) => boolean): T[] {
  const first = points.findIndex(active);
  return first === -1 ? points.slice(-1) : points.slice(first);
}

const count = (n: number) => n.toLocaleString('en-US');
const dollars = (cents: number) => (cents % 100 === 0 ? formatCents(cents).replace(/\.00$/, '') : formatCents(cents));
const peak = (values: number[], format: (n: number) => string) => format(Math.max(0, ...values));
/** Each tier's line, lowest tier first: a colour and a dash apart (a catalogue longer than this repeats them). */
const TIER_LINES: { color: string; dash?: number[] }[] = [{ color: '#64748b' }, { color: '#4f46e5', dash: [6, 4] }, { color: '#b45309', dash: [2, 3] }, { color: '#0891b2', dash: [8, 3, 2, 3] }];
/** "a, b and c". */
const inWords = (parts: string[]) => (parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? ''));

/** Admin → Members & Revenue: members by tier, paid memberships begun and ended, revenue and orders over time. */
export default function GrowthCharts() {
  const view = useStore($view);
  const members = useStore($members);
  const revenue = useStore($revenue);
  const all = view.range === 'all';
  const memberPoints = useMemo(() => (members.data ? (all ? fromFirstActivity(members.data.series, (p) => TIERS.some((t) => p[t] > 0) || p.joined + p.cancelled > 0) : members.data.series) : []), [members.data, all]);
  const revenuePoints = useMemo(() => (revenue.data ? (all ? fromFirstActivity(revenue.data.series, (p) => p.mrrCents + p.storeCents + p.orders > 0) : revenue.data.series) : []), [revenue.data, all]);
  // "All time" has no period before it to compare with; the others are compared with as many periods just before.
  const previous = useMemo(() => (all || !members.data || !revenue.data ? null : { members: members.data, revenue: revenue.data }), [all, members.data, revenue.data]);
  const built = useMemo(() => buildCharts(memberPoints, revenuePoints, previous), [memberPoints, revenuePoints, previous]);
  // Another period keeps the charts (and any open table of figures) until its figures arrive.
  const lastCharts = useRef(built);
  if (built) lastCharts.current = built;
  const charts = built ?? lastCharts.current;
  const error = members.error ?? revenue.error;

  return (
    <section aria-labelledby="growth-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="growth-title" className="text-xl font-bold text-slate-900">Growth and revenue</h2>
        <div className="flex flex-wrap gap-2 text-sm">
          <div role="group" aria-label="Period" className="flex overflow-hidden rounded-md border border-slate-300">
            {(Object.keys(RANGES) as Range[]).map((r) => (
              <button key={r} type="button" aria-pressed={view.range === r} className={`px-3 py-1.5 ${view.range === r ? 'bg-brand-600 text-white' : 'bg-white text-slate-700'}`} onClick={() => $view.set({ range: r, by: RANGES[r].by })}>{RANGES[r].label}</button>
            ))}
          </div>
          <label className="sr-only" htmlFor="growth-step">Step</label>
          <select id="growth-step" className="rounded-md border border-slate-300 px-2 py-1.5" value={view.by} onChange={(e) => $view.set({ ...view, by: e.target.value as StatStep })}>
            {RANGES[view.range].steps.map((s) => <option key={s} value={s}>{STEP_LABEL[s]}</option>)}
          </select>
        </div>
      </div>
      {error && <p role="alert" className="text-sm text-red-700">Could not load the figures: {errorMessage(error)}</p>}
      {!error && !charts && <p className="text-slate-600">Loading figures...</p>}
      {charts && (
        // minmax(0, 1fr) columns: a chart's open table of figures scrolls inside its card, never widens the page.
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {charts.map((c) => <TimeChart key={c.title} {...c} />)}
        </div>
      )}
    </section>
  );
}

type Compared = { members: MemberSeries; revenue: RevenueSeries } | null;

function buildCharts(members: MemberSeries['series'], revenue: RevenueSeries['series'], compared: Compared) {
  if (members.length === 0 || revenue.length === 0) return null;
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const m = (key: Tier | 'joined' | 'cancelled', points = members) => points.map((p) => p[key]);
  const r = (key: 'mrrCents' | 'storeCents' | 'orders', points = revenue) => points.map((p) => p[key]);
  // Members by tier and recurring revenue are counted at the end of the period; the rest summed over it.
  const tiers: ChartSeries[] = TIERS.map((key, i) => ({
    label: tierLabel(key), ...TIER_LINES[i % TIER_LINES.length]!, values: m(key), headline: m(key).at(-1) ?? 0,
    previous: compared ? { values: m(key, compared.members.previous.series), headline: compared.members.previous.totals[key] } : undefined,
  }));
  const churn: ChartSeries[] = [
    { label: 'New paid members', color: '#059669', values: m('joined'), headline: sum(m('joined')) },
    { label: 'Cancellations', color: '#dc2626', values: m('cancelled'), headline: sum(m('cancelled')) },
  ];
  const previousRevenue = compared?.revenue.previous;
  const money: ChartSeries[] = [
    { label: 'Monthly recurring revenue', color: '#4f46e5', values: r('mrrCents'), headline: r('mrrCents').at(-1) ?? 0, previous: previousRevenue ? { values: r('mrrCents', previousRevenue.series), headline: previousRevenue.totals.mrrCents } : undefined },
    { label: 'Store revenue', color: '#059669', values: r('storeCents'), dash: [6, 4], headline: sum(r('storeCents')), previous: previousRevenue ? { values: r('storeCents', previousRevenue.series), headline: previousRevenue.totals.storeCents } : undefined },
  ];
  const orders: ChartSeries[] = [{ label: 'Orders', color: '#0891b2', values: r('orders'), headline: sum(r('orders')) }];
  const memberDates = members.map((p) => p.date);
  const revenueDates = revenue.map((p) => p.date);
  return [
    { title: 'Members', dates: memberDates, previousDates: compared?.members.previous.series.map((p) => p.date), series: tiers, kind: 'line' as const, format: count, summary: `at the end, ${inWords(tiers.map((t) => `${count(t.headline)} ${t.label}`))} members.` },
    { title: 'New paid members and cancellations', dates: memberDates, series: churn, kind: 'bars' as const, format: count, summary: `${count(churn[0]!.headline)} new paid members and ${count(churn[1]!.headline)} cancellations in the period.` },
    { title: 'Revenue', dates: revenueDates, previousDates: previousRevenue?.series.map((p) => p.date), series: money, kind: 'line' as const, format: dollars, summary: `monthly recurring revenue at the end ${formatCents(money[0]!.headline)}; store revenue ${formatCents(money[1]!.headline)} in the period.` },
    { title: 'Orders', dates: revenueDates, series: orders, kind: 'bars' as const, format: count, summary: `${count(orders[0]!.headline)} orders in the period, at most ${peak(orders[0]!.values, count)} in one.` },
  ];
}
