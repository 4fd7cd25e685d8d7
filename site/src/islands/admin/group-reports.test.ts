import type { Report } from '@app/shared/schemas';
import { describe, expect, it } from 'vitest';
import { groupByItem } from './group-reports';

const report = (id: number, contentId: number, status: Report['status'], reporterName: string): Report => ({
  id, type: 'bulletin', typeLabel: 'Bulletin Post', contentId, content: 'Buy now', fullContent: 'Buy now', reporterName, reporterId: id, reporterIgnored: false,
  reason: 'spam', notes: null, reportedAt: new Date(Date.UTC(2026, 10, 23, 10, id)).toISOString(), status, isHidden: false, moderationNotes: null, hiddenReason: null, link: null,
});

describe('the review queue', () => {
  it('shows several reports of one item as one row with all its reporters, the newest first', () => {
    const items = groupByItem([report(5, 1, 'pending', 'Cleo'), report(4, 2, 'pending', 'Dan'), report(3, 1, 'dismissed', 'Ann'), report(2, 1, 'pending', 'Bea')]);
    expect(items.map((i) => [i.key, i.newest.id, i.reports.map((r) => r.reporterName), i.pending.map((r) => r.id)])).toEqual([
      ['bulletin:1', 5, ['Cleo', 'Ann', 'Bea'], [5, 2]],
      ['bulletin:2', 4, ['Dan'], [4]],
    ]);
  });
});
