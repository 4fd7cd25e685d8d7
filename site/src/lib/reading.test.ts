import { describe, expect, it } from 'vitest';
import { commentDate, guideDelay, guideSide, guideTriggered, scrollProgress, tableOfContents } from './reading';

describe('character guide triggers', () => {
  it('fire at start (>0), middle (≥50), end (≥90) and at a percentage', () => {
    expect([0, 1].map((p) => guideTriggered('start', p))).toEqual([false, true]);
    expect([49, 50].map((p) => guideTriggered('middle', p))).toEqual([false, true]);
    expect([89, 90].map((p) => guideTriggered('end', p))).toEqual([false, true]);
    expect([34, 35].map((p) => guideTriggered(35, p))).toEqual([false, true]);
  });
  it('wait 1000 ms + 500 ms per index and alternate sides', () => {
    expect([0, 1, 2].map(guideDelay)).toEqual([1000, 1500, 2000]);
    expect([0, 1, 2].map(guideSide)).toEqual(['left', 'right', 'left']);
  });
  it('compute progress from the scroll position', () => {
    expect(scrollProgress(0, 2000, 1000)).toBe(0);
    expect(scrollProgress(500, 2000, 1000)).toBe(50);
    expect(scrollProgress(1000, 2000, 1000)).toBe(100);
    expect(scrollProgress(0, 800, 1000)).toBe(100);
  });
});

describe('the table of contents rule', () => {
  it('groups by a prefix longer than 3 characters shared by at least 2 articles', () => {
    const toc = tableOfContents([
      { title: 'Budgeting: The Basics' },
      { title: 'Budgeting: Advanced' },
      { title: 'Tax: One' },
      { title: 'Tax: Two' },
      { title: 'Solo: Only One' },
      { title: 'No prefix here' },
    ]);
    expect(toc.map((g) => [g.topic, g.articles.length])).toEqual([['Budgeting', 2], ['Other Articles', 4]]);
  });
});

describe('comment dates', () => {
  it('read like "MMM d, yyyy • h:mm a" and note edits', () => {
    const text = commentDate('2026-03-05T14:07:00Z', '2026-03-05T14:07:00Z');
    expect(text).toMatch(/^Mar 5, 2026 • \d{1,2}:07 (AM|PM)$/);
    expect(commentDate('2026-03-05T14:07:00Z', '2026-03-05T15:00:00Z')).toMatch(/\(edited\)$/);
  });
});
