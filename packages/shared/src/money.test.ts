import { describe, expect, it } from 'vitest';
import { formatCents, formatPlanPrice, proPrice, roundHalfUp } from './money.ts';

describe('Pro prices', () => {
  it.each([
    ['month', 299, '$2.99/month'],
    ['year', 3050, '$30.50/year'],
  ] as const)('%s: %i cents, shown as %s', (interval, cents, shown) => {
    expect(proPrice(interval)).toBe(cents);
    expect(formatPlanPrice(interval)).toBe(shown);
  });

  it('rounds halves up, to whole cents', () => {
    expect([roundHalfUp(3049.8), roundHalfUp(0.5), roundHalfUp(1.4999), roundHalfUp(2.5), roundHalfUp(104.99999999)]).toEqual([3050, 1, 1, 3, 105]);
  });

  it('shows dollars with two decimals', () => {
    expect([formatCents(0), formatCents(299), formatCents(5000)]).toEqual(['$0.00', '$2.99', '$50.00']);
  });
});
