import type { Report } from '@app/shared/schemas';

/** Every report of one item, newest first: the queue shows one row per item. */
export type ReportedItem = { key: string; newest: Report; reports: Report[]; pending: Report[] };

export function groupByItem(reports: Report[]): ReportedItem[] {
  const items = new Map<string, ReportedItem>();
  for (const r of reports) {
    const key = `${r.type}:${r.contentId}`;
    const item = items.get(key) ?? { key, newest: r, reports: [], pending: [] };
    item.reports.push(r);
    if (r.status === 'pending') item.pending.push(r);
    items.set(key, item);
  }
  return [...items.values()];
}
