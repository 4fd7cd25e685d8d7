import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TimeChart, type ChartSeries } from './time-chart';

// The canvas is uPlot's (jsdom draws nothing); the legend and the table are the page's own.
vi.mock('uplot', () => {
  class Chart {
    static tzDate = (d: Date) => d;
    static paths = { bars: () => null };
    setSize() {}
    destroy() {}
  }
  return { default: Chart };
});
vi.mock('uplot/dist/uPlot.min.css', () => ({}));
vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} });

// Issue 47 #12 and #13: the chart's legend names each series with its figure (uPlot's own read
// "Time: Free: Pro: VIP:" until a point was hovered), and a compared series gives the previous
// period's figure and the change.
const series: ChartSeries[] = [
  { label: 'Free', color: '#64748b', values: [10, 12], headline: 12, previous: { values: [8, 10], headline: 10 } },
  { label: 'Pro', color: '#4f46e5', values: [3, 3], dash: [6, 4], headline: 3, previous: { values: [4, 4], headline: 4 } },
  { label: 'VIP', color: '#b45309', values: [1, 1], headline: 1, previous: { values: [0, 0], headline: 0 } },
];

describe('a chart’s legend', () => {
  it('names each series with its figure, the previous period’s and the change, and says which lines are the previous period', () => {
    render(<TimeChart title="Members" dates={['2026-03-01', '2026-04-01']} previousDates={['2026-01-01', '2026-02-01']} series={series} kind="line" format={(n) => String(n)} summary="at the end, 12 Free, 3 Pro and 1 VIP members." />);
    const items = within(screen.getByRole('list')).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Free 12 (up 20% on the previous period: 10)',
      'Pro 3 (down 25% on the previous period: 4)',
      'VIP 1 (new: none in the previous period: 0)',
      ' Faint dotted lines: the previous period, 2026-01-01 to the day before 2026-03-01',
    ]);
    expect(screen.getByRole('list').textContent).not.toMatch(/Time:|Free:/);
  });

  it('has no comparison for a series without a previous period', () => {
    render(<TimeChart title="Orders" dates={['2026-03-01']} series={[{ label: 'Orders', color: '#0891b2', values: [4], headline: 4 }]} kind="bars" format={(n) => String(n)} summary="4 orders." />);
    expect(within(screen.getByRole('list')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Orders 4']);
  });
});
