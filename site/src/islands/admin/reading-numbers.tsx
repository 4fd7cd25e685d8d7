import { useStore } from '@nanostores/react';
import { atom, computed } from 'nanostores';
import { ADMIN_SECTIONS, errorMessage, isoDay } from '@app/shared/browser';
import { endpointStore } from '../../lib/queries';

const PERIODS = { 7: 'Last 7 days', 30: 'Last 30 days', 365: 'Last 12 months' } as const;
type Period = keyof typeof PERIODS;

const $days = atom<Period>(30);
const $query = computed($days, (days) => {
  const to = new Date();
  const from = new Date(to.getTime() - (days - 1) * 86_400_000);
  return `?${new URLSearchParams({ from: isoDay(from), to: isoDay(to), limit: '20' })}`;
});
const $stats = endpointStore(ADMIN_SECTIONS.articles.api.stats, { query: $query });

/** A table of names and view counts, each with a bar as long as its share of the largest. */
function ViewsTable(props: { caption: string; nameHeader: string; rows: { key: string; name: string; views: number }[]; empty: string }) {
  const most = Math.max(1, ...props.rows.map((r) => r.views));
  return (
    <div className="card overflow-x-auto p-4">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-semibold text-slate-900">{props.caption}</caption>
        <thead className="text-slate-600"><tr><th scope="col" className="py-2 pr-3 font-medium">{props.nameHeader}</th><th scope="col" className="py-2 text-right font-medium">Views</th></tr></thead>
        <tbody className="divide-y divide-slate-200">
          {props.rows.map((r) => (
            <tr key={r.key}>
              <th scope="row" className="py-2 pr-3 font-normal text-slate-800">
                {r.name}
                <span aria-hidden="true" className="mt-1 block h-1.5 rounded bg-brand-100"><span className="block h-1.5 rounded bg-brand-600" style={{ width: `${(r.views / most) * 100}%` }} /></span>
              </th>
              <td className="py-2 text-right tabular-nums text-slate-900">{r.views.toLocaleString('en-US')}</td>
            </tr>
          ))}
          {props.rows.length === 0 && <tr><td colSpan={2} className="py-4 text-center text-slate-600">{props.empty}</td></tr>}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Admin → Articles: the most read articles and each category's views over a period (issue 39),
 * from the cookieless counter (a view per opened article page; no reader is identified).
 */
export default function ReadingNumbers() {
  const days = useStore($days);
  const { data, error } = useStore($stats);
  return (
    <section aria-labelledby="reading-title" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="reading-title" className="text-xl font-bold text-slate-900">Reading</h2>
        <label className="flex items-center gap-2 text-sm text-slate-600">Period
          <select className="rounded-md border border-slate-300 px-2 py-1.5 text-slate-900" value={days} onChange={(e) => $days.set(Number(e.target.value) as Period)}>
            {(Object.keys(PERIODS) as unknown as Period[]).map((d) => <option key={d} value={d}>{PERIODS[d]}</option>)}
          </select>
        </label>
      </div>
      <p className="text-sm text-slate-600">Views of article pages, counted without cookies or addresses; readers who ask not to be tracked, and bots, are not counted.</p>
      {error && <p role="alert" className="text-sm text-red-700">Could not load the reading numbers: {errorMessage(error)}</p>}
      {!data && !error && <p className="text-slate-600">Loading reading numbers...</p>}
      {data && (
        <div className="grid gap-4 lg:grid-cols-2">
          <ViewsTable caption="Most read articles" nameHeader="Article" rows={data.top.map((t) => ({ key: String(t.articleId), name: t.title ?? `Article ${t.articleId} (deleted)`, views: t.views }))} empty="No views in this period." />
          <ViewsTable caption="Views by category" nameHeader="Category" rows={data.categories.map((c) => ({ key: c.category, name: c.name, views: c.views }))} empty="No views in this period." />
        </div>
      )}
    </section>
  );
}
