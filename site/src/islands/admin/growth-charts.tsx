import { useStore } from '@nanostores/react';
import { atom, computed } from 'nanostores';
import { useMemo, useRef } from 'react';
import { ADMIN_SECTIONS, errorMessage, formatCents, isoDay, tierLabel } from '@app/shared/browser';
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
/** "a, b and c". */
const inWords = (parts: string[]) => (parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? ''));

/** Admin → Members & Revenue: members by tier, paid memberships begun and ended, revenue and orders over time. */
export default function GrowthCharts() {
  const view = useStore($view);
  const members = useStore($members);
  const revenue = useStore($revenue);
  const all = view.range === 'all';
  const memberPoints = useMemo(() => (members.data ? (all ? fromFirstActivity(members.data.series, (p) => p.free + p.pro + p.vip + p.joined + p.cancelled > 0) : members.data.series) : []), [members.data, all]);
  const revenuePoints = useMemo(() => (revenue.data ? (all ? fromFirstActivity(revenue.data.series, (p) => p.mrrCents + p.storeCents + p.orders > 0) : revenue.data.series) : []), [revenue.data, all]);
  const built = useMemo(() => buildCharts(memberPoints, revenuePoints), [memberPoints, revenuePoints]);
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
        <div className="grid gap-4 lg:grid-cols-2">
          {charts.map((c) => <TimeChart key={c.title} {...c} />)}
        </div>
      )}
    </section>
  );
}

function buildCharts(members: MemberSeries['series'], revenue: RevenueSeries['series']) {
  if (members.length === 0 || revenue.length === 0) return null;
  const m = (key: 'free' | 'pro' | 'vip' | 'joined' | 'cancelled') => members.map((p) => p[key]);
  const tiers: ChartSeries[] = [
    { label: tierLabel('free'), color: '#64748b', values: m('free') },
    { label: tierLabel('pro'), color: '#4f46e5', values: m('pro'), dash: [6, 4] },
    { label: tierLabel('vip'), color: '#b45309', values: m('vip'), dash: [2, 3] },
  ];
  const churn: ChartSeries[] = [
    { label: 'New paid members', color: '#059669', values: m('joined') },
    { label: 'Cancellations', color: '#dc2626', values: m('cancelled') },
  ];
  const money: ChartSeries[] = [
    { label: 'Monthly recurring revenue', color: '#4f46e5', values: revenue.map((p) => p.mrrCents) },
    { label: 'Store revenue', color: '#059669', values: revenue.map((p) => p.storeCents), dash: [6, 4] },
  ];
  const orders: ChartSeries[] = [{ label: 'Orders', color: '#0891b2', values: revenue.map((p) => p.orders) }];
  const memberDates = members.map((p) => p.date);
  const revenueDates = revenue.map((p) => p.date);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return [
    { title: 'Members', dates: memberDates, series: tiers, kind: 'line' as const, format: count, summary: `at the end, ${inWords(tiers.map((t) => `${count(t.values.at(-1) ?? 0)} ${t.label}`))} members.` },
    { title: 'New paid members and cancellations', dates: memberDates, series: churn, kind: 'bars' as const, format: count, summary: `${count(sum(m('joined')))} new paid members and ${count(sum(m('cancelled')))} cancellations in the period.` },
    { title: 'Revenue', dates: revenueDates, series: money, kind: 'line' as const, format: dollars, summary: `monthly recurring revenue at the end ${formatCents(revenue.at(-1)!.mrrCents)}; store revenue ${formatCents(sum(money[1]!.values))} in the period.` },
    { title: 'Orders', dates: revenueDates, series: orders, kind: 'bars' as const, format: count, summary: `${count(sum(orders[0]!.values))} orders in the period, at most ${peak(orders[0]!.values, count)} in one.` },
  ];
}
