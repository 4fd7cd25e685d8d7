import { useEffect, useId, useMemo, useRef } from 'react';
import { isoDay } from '@app/shared/browser';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { periodChange } from './period-change';

/**
 * One line or bar series: its label, colour, dash (so series differ by more than colour) and values
 * per point; `headline` is the figure its legend gives for the whole period (a count at the end, or
 * a sum). With `previous`, the same for the periods just before, drawn faint and compared with.
 */
export type ChartSeries = { label: string; color: string; values: number[]; dash?: number[]; headline: number; previous?: { values: number[]; headline: number } };

const DAY_S = 86_400;
/** The previous period's lines: the series' colour, faint, and dotted whatever the series' dash. */
const PREVIOUS_DASH = [2, 4];
const faint = (color: string) => `${color}80`;

/** A legend's sample of a series' line: its colour and dash. */
function Swatch({ color, dash, kind }: { color: string; dash?: number[]; kind: 'line' | 'bars' }) {
  if (kind === 'bars') return <svg width="14" height="14" aria-hidden="true" className="shrink-0"><rect width="14" height="14" rx="2" fill={color} /></svg>;
  return (
    <svg width="28" height="10" aria-hidden="true" className="shrink-0">
      <line x1="1" y1="5" x2="27" y2="5" stroke={color} strokeWidth="2.5" strokeDasharray={dash?.join(' ')} />
    </svg>
  );
}

/**
 * A chart over time (uPlot on a canvas, as wide as its box) with the same figures as a table behind
 * it: the canvas is a picture to screen readers, named by the caption, and the table beneath (a
 * disclosure) holds every value. `dates` are days (YYYY-MM-DD, UTC), the start of each period. The
 * legend is the page's own list (uPlot's reads "Time: Free: Pro:" until a point is hovered): each
 * series with its figure for the period and, when compared, the previous period's and the change.
 */
export function TimeChart(props: { title: string; dates: string[]; series: ChartSeries[]; kind: 'line' | 'bars'; format: (value: number) => string; summary: string; previousDates?: string[] }) {
  const box = useRef<HTMLDivElement>(null);
  const captionId = useId();
  const { dates, series, kind, format, previousDates } = props;
  const compared = useMemo(() => series.filter((s) => s.previous), [series]);

  useEffect(() => {
    const el = box.current;
    if (!el || dates.length === 0) return;
    const xs = dates.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const drawn = [
      ...series.map((s, i) => ({
        stroke: s.color,
        width: 2,
        dash: s.dash,
        fill: kind === 'bars' ? s.color : undefined,
        // Bars: two series stand side by side, each on its half of the period.
        paths: kind === 'bars' ? uPlot.paths.bars!({ size: [0.8 / series.length, 64], align: series.length === 1 ? 0 : i === 0 ? -1 : 1 }) : undefined,
        points: { show: kind === 'line' && dates.length <= 40 },
      })),
      // The previous period, point for point under this one's dates.
      ...compared.map((s) => ({ stroke: faint(s.color), width: 1.5, dash: PREVIOUS_DASH, points: { show: false } })),
    ];
    const options: uPlot.Options = {
      width: el.clientWidth,
      height: 220,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true, range: (_u, min, max) => (kind === 'bars' ? [min - DAY_S / 2, max + DAY_S / 2] : [min, max]) }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
      axes: [{ stroke: '#475569', grid: { stroke: '#e2e8f0' } }, { stroke: '#475569', grid: { stroke: '#e2e8f0' }, size: 64, values: (_u, ticks) => ticks.map(format) }],
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      series: [{ value: (_u, ts) => (ts == null ? '' : isoDay(new Date(ts * 1000))) }, ...drawn],
    };
    const chart = new uPlot(options, [xs, ...series.map((s) => s.values), ...compared.map((s) => s.previous!.values)], el);
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [dates, series, compared, kind, format]);

  const previousRange = previousDates?.length ? `${previousDates[0]} to the day before ${dates[0]}` : null;
  return (
    <figure className="card min-w-0 p-4" aria-labelledby={captionId}>
      <figcaption id={captionId} className="font-semibold text-slate-900">{props.title}</figcaption>
      <div ref={box} role="img" aria-label={`${props.title}: ${props.summary}`} className="mt-2 min-h-[220px] w-full" data-chart={props.title} />
      <ul className="mt-3 space-y-1.5 text-sm" data-legend={props.title}>
        {series.map((s) => {
          const change = s.previous ? periodChange(s.headline, s.previous.headline) : null;
          return (
            <li key={s.label} className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
              <Swatch color={s.color} dash={s.dash} kind={kind} />
              {/* Spaces between the parts, so they are read as words and not run together. */}
              <span className="font-medium text-slate-900">{s.label}</span>{' '}
              <span className="tabular-nums text-slate-700">{format(s.headline)}</span>
              {change && s.previous && (
                <>
                  {' '}
                  <span className="text-slate-600" data-change={change.percent ?? ''}>({change.words}: {format(s.previous.headline)})</span>
                </>
              )}
            </li>
          );
        })}
        {compared.length > 0 && (
          <li className="flex items-start gap-x-2 text-slate-600">
            <span className="mt-1.5 shrink-0"><Swatch color="#64748b" dash={PREVIOUS_DASH} kind="line" /></span>{' '}
            <span>Faint dotted lines: the previous period{previousRange ? `, ${previousRange}` : ''}</span>
          </li>
        )}
      </ul>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer py-1 text-brand-700">Show the figures</summary>
        <div className="mt-2 max-h-64 overflow-auto" tabIndex={0} role="region" aria-label={`${props.title}, the figures`}>
          <table className="w-full text-left">
            <caption className="sr-only">{props.title}</caption>
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">Period from</th>
                {series.map((s) => <th key={s.label} scope="col" className="px-3 py-2 text-right font-medium">{s.label}</th>)}
                {compared.map((s) => <th key={`${s.label}-before`} scope="col" className="px-3 py-2 text-right font-medium">{s.label}, previous period</th>)}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {dates.map((d, i) => (
                <tr key={d}>
                  <th scope="row" className="px-3 py-1.5 font-normal text-slate-700">{d}</th>
                  {series.map((s) => <td key={s.label} className="px-3 py-1.5 text-right tabular-nums">{format(s.values[i] ?? 0)}</td>)}
                  {compared.map((s) => <td key={`${s.label}-before`} className="px-3 py-1.5 text-right tabular-nums text-slate-600">{format(s.previous!.values[i] ?? 0)}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
