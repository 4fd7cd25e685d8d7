import { describe, expect, it } from 'vitest';
import { formatCents, roundHalfUp } from './money.ts';

describe('money', () => {
  it('rounds halves up, to whole cents', () => {
    expect([roundHalfUp(3049.8), roundHalfUp(0.5), roundHalfUp(1.4999), roundHalfUp(2.5), roundHalfUp(104.99999999)]).toEqual([3050, 1, 1, 3, 105]);
  });

  it('shows dollars with two decimals', () => {
    expect([formatCents(0), formatCents(299), formatCents(5000)]).toEqual(['$0.00', '$2.99', '$50.00']);
  });
});
