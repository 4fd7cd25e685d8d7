import { describe, expect, it } from 'vitest';
import { periodChange } from './period-change';

describe('a figure against the previous period', () => {
  it('is up or down by a per cent to one decimal place', () => {
    expect(periodChange(112, 100)).toEqual({ percent: 12, words: 'up 12% on the previous period' });
    expect(periodChange(95, 100)).toEqual({ percent: -5, words: 'down 5% on the previous period' });
    expect(periodChange(2, 3)).toEqual({ percent: -33.3, words: 'down 33.3% on the previous period' });
    expect(periodChange(4000, 1000)).toEqual({ percent: 300, words: 'up 300% on the previous period' });
  });
  it('says so when nothing changed, and gives no per cent of nothing', () => {
    expect(periodChange(7, 7).words).toBe('no change on the previous period');
    expect(periodChange(0, 0)).toEqual({ percent: null, words: 'no change on the previous period' });
    expect(periodChange(5, 0)).toEqual({ percent: null, words: 'new: none in the previous period' });
  });
});
