import { describe, expect, it } from 'vitest';
import { ago } from './notification-line';

const now = Date.parse('2026-11-28T12:00:00.000Z');
const before = (ms: number) => new Date(now - ms).toISOString();

describe('a notification’s age', () => {
  it('is "just now" for its whole first minute, to the last half second', () => {
    expect([0, 5_000, 30_000, 59_400, 59_600, 59_999].map((ms) => ago(before(ms), now))).toEqual(Array(6).fill('just now'));
  });
  it('is "just now" when the browser’s clock is behind the server’s', () => {
    expect(ago(before(-90_000), now)).toBe('just now');
  });
  it('counts whole minutes, hours and days that have passed', () => {
    expect([60_000, 119_999, 120_000, 3_599_999, 3_600_000, 86_399_999, 86_400_000, 3 * 86_400_000].map((ms) => ago(before(ms), now))).toEqual([
      '1 minute ago',
      '1 minute ago',
      '2 minutes ago',
      '59 minutes ago',
      '1 hour ago',
      '23 hours ago',
      '1 day ago',
      '3 days ago',
    ]);
  });
});
