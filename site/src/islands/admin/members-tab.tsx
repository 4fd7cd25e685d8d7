import { useStore } from '@nanostores/react';
import { ADMIN_SECTIONS, errorMessage, formatCents, formatLongDate, formatPlanPrice, isGrantedTier, PLANS, tierLabel, TIERS } from '@app/shared/browser';
import { lazy, Suspense } from 'react';
import { endpointStore } from '../../lib/queries';

// The charting library loads with the charts, after the figures above.
const GrowthCharts = lazy(() => import('./growth-charts'));

const $overview = endpointStore(ADMIN_SECTIONS.members.api.overview);

/** Admin → Members & Revenue: members of each paid or granted tier, monthly recurring revenue per plan of the catalogue, growth and revenue over time, payment events, failed payments. */
export default function MembersTab() {
  const { data, error } = useStore($overview);
  if (error) return <p className="text-red-700">Could not load the figures: {errorMessage(error)}</p>;
  if (!data) return <p className="text-slate-600">Loading figures...</p>;
  const stat = (label: string, value: string) => (
    <div className="card p-5"><p className="text-sm text-slate-500">{label}</p><p className="mt-1 text-3xl font-bold text-slate-900">{value}</p></div>
  );
  return (
    <div className="space-y-8">
      <div className="grid gap-4 sm:grid-cols-3">
        {TIERS.filter((t) => t !== TIERS[0]).map((t) => <div key={t}>{stat(`${tierLabel(t)} members`, String(data.members[t]))}</div>)}
        {stat('Monthly recurring revenue', formatCents(data.mrrCents))}
      </div>
      <Suspense fallback={<p className="text-slate-600">Loading charts...</p>}>
        <GrowthCharts />
      </Suspense>
      <section aria-labelledby="plans-title">
        <h2 id="plans-title" className="text-xl font-bold text-slate-900">Revenue by plan</h2>
        <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {data.plans.map((p) => (
            <li key={p.plan} className="flex flex-wrap justify-between gap-2 px-4 py-3 text-sm" data-revenue-plan={p.plan}>
              <span className="font-medium text-slate-900">{tierLabel(PLANS[p.plan].tier)}, {formatPlanPrice(p.plan)}</span>
              <span className="text-slate-600">{p.subscribers} renewing · {formatCents(p.mrrCents)} a month</span>
            </li>
          ))}
        </ul>
        {TIERS.some(isGrantedTier) && <p className="mt-2 text-sm text-slate-500">{TIERS.filter(isGrantedTier).map((t) => tierLabel(t)).join(', ')} is granted by our team and brings no revenue.</p>}
      </section>
      <section aria-labelledby="events-title">
        <h2 id="events-title" className="text-xl font-bold text-slate-900">Recent subscription events</h2>
        {data.recentEvents.length === 0 ? <p className="mt-2 text-slate-600">No payment events yet.</p> : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {data.recentEvents.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                <span className="font-medium text-slate-900">{e.type}</span>
                <span className="text-slate-600">{e.summary.amountCents != null ? formatCents(e.summary.amountCents) : ''} {e.summary.outcome}</span>
                <time className="text-slate-500" dateTime={e.receivedAt}>{formatLongDate(e.receivedAt)}</time>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="failed-title">
        <h2 id="failed-title" className="text-xl font-bold text-slate-900">Failed payments</h2>
        {data.failedPayments.length === 0 ? <p className="mt-2 text-slate-600">No failed payments.</p> : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {data.failedPayments.map((f) => (
              <li key={f.id} className="flex flex-wrap justify-between gap-2 px-4 py-3 text-sm"><span className="font-medium text-slate-900">@{f.username}</span><span>{formatCents(f.amountCents)}</span><time className="text-slate-500" dateTime={f.createdAt}>{formatLongDate(f.createdAt)}</time></li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
