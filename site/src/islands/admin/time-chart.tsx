import { useEffect, useId, useRef } from 'react';
import { isoDay } from '@app/shared/browser';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One line or bar series: its label, colour, dash (so series differ by more than colour) and values per point. */
export type ChartSeries = { label: string; color: string; values: number[]; dash?: number[] };

const DAY_S = 86_400;

/**
 * A chart over time (uPlot on a canvas, as wide as its box) with the same figures as a table behind
 * it: the canvas is a picture to screen readers, named by the caption, and the table beneath (a
 * disclosure) holds every value. `dates` are days (YYYY-MM-DD, UTC), the start of each period.
 */
export function TimeChart(props: { title: string; dates: string[]; series: ChartSeries[]; kind: 'line' | 'bars'; format: (value: number) => string; summary: string }) {
  const box = useRef<HTMLDivElement>(null);
  const captionId = useId();
  const { dates, series, kind, format } = props;

  useEffect(() => {
    const el = box.current;
    if (!el || dates.length === 0) return;
    const xs = dates.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const options: uPlot.Options = {
      width: el.clientWidth,
      height: 220,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true, range: (_u, min, max) => (kind === 'bars' ? [min - DAY_S / 2, max + DAY_S / 2] : [min, max]) }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
      axes: [{ stroke: '#475569', grid: { stroke: '#e2e8f0' } }, { stroke: '#475569', grid: { stroke: '#e2e8f0' }, size: 64, values: (_u, ticks) => ticks.map(format) }],
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
      series: [
        { value: (_u, ts) => (ts == null ? '' : isoDay(new Date(ts * 1000))) },
        ...series.map((s, i) => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          dash: s.dash,
          fill: kind === 'bars' ? s.color : undefined,
          // Bars: two series stand side by side, each on its half of the period.
          paths: kind === 'bars' ? uPlot.paths.bars!({ size: [0.8 / series.length, 64], align: series.length === 1 ? 0 : i === 0 ? -1 : 1 }) : undefined,
          points: { show: kind === 'line' && dates.length <= 40 },
          value: (_u: uPlot, v: number | null) => (v == null ? '' : format(v)),
        })),
      ],
    };
    const chart = new uPlot(options, [xs, ...series.map((s) => s.values)], el);
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [dates, series, kind, format]);

  return (
    <figure className="card p-4" aria-labelledby={captionId}>
      <figcaption id={captionId} className="font-semibold text-slate-900">{props.title}</figcaption>
      <div ref={box} role="img" aria-label={`${props.title}: ${props.summary}`} className="mt-2 min-h-[220px] w-full" data-chart={props.title} />
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700">Show the figures</summary>
        <div className="mt-2 max-h-64 overflow-auto">
          <table className="w-full text-left">
            <caption className="sr-only">{props.title}</caption>
            <thead className="bg-slate-50 text-slate-600">
              <tr><th scope="col" className="px-3 py-2 font-medium">Period from</th>{series.map((s) => <th key={s.label} scope="col" className="px-3 py-2 text-right font-medium">{s.label}</th>)}</tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {dates.map((d, i) => (
                <tr key={d}><th scope="row" className="px-3 py-1.5 font-normal text-slate-700">{d}</th>{series.map((s) => <td key={s.label} className="px-3 py-1.5 text-right tabular-nums">{format(s.values[i] ?? 0)}</td>)}</tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
