import { describe, expect, it } from 'vitest';
import { formatPercent, formatPlanPrice, isGrantedTier, isPlanId, monthlyCents, PLANS, planFor, storeDiscountFor, tierPaidFor, tierPrice, unlockFor } from './plans.ts';
import { orderTotals } from './pricing.ts';

describe('the plan catalogue', () => {
  it('sells Pro at $2.99 a month, and a year at twelve months less 15% (DESIGN §7.1)', () => {
    expect(PLANS['pro-month']).toEqual({ tier: 'pro', interval: 'month', cents: 299, storeDiscount: 0.15 });
    expect(PLANS['pro-year']).toEqual({ tier: 'pro', interval: 'year', cents: 3050, storeDiscount: 0.15 });
    expect([formatPlanPrice('pro-month'), formatPlanPrice('pro-year')]).toEqual(['$2.99/month', '$30.50/year']);
    expect([tierPrice('pro', 'year'), tierPrice('free', 'month'), tierPrice('vip', 'month')]).toEqual([3050, 0, 0]);
    expect(monthlyCents('pro-year')).toBeCloseTo(3050 / 12);
  });

  it('finds a tier’s plan by billing period, and only plan ids it sells', () => {
    expect([planFor('pro', 'month'), planFor('pro', 'year'), planFor('free', 'month'), planFor('vip', 'year')]).toEqual(['pro-month', 'pro-year', null, null]);
    expect([isPlanId('pro-year'), isPlanId('pro'), isPlanId('toString'), isPlanId(undefined)]).toEqual([true, false, false, false]);
  });

  it('lets the paid plans decide the tier: the highest one paid for, free for none or unknown plans', () => {
    expect([tierPaidFor([]), tierPaidFor(['unknown']), tierPaidFor(['pro-month']), tierPaidFor(['unknown', 'pro-year'])]).toEqual(['free', 'free', 'pro', 'pro']);
    expect([isGrantedTier('vip'), isGrantedTier('pro'), isGrantedTier('free')]).toEqual([true, false, false]);
  });

  it('gives each tier its store discount, which the store’s totals apply', () => {
    expect([storeDiscountFor('free'), storeDiscountFor('pro'), storeDiscountFor('vip')]).toEqual([0, 0.15, 0.15]);
    expect(formatPercent(storeDiscountFor('pro'))).toBe('15%');
    expect(orderTotals([{ price: 1000, quantity: 1 }], { memberDiscount: true, tier: 'vip' }).discount).toBe(150);
    expect(orderTotals([{ price: 1000, quantity: 1 }], { memberDiscount: false, tier: 'vip' }).discount).toBe(0);
  });
});

describe('what unlocks a set of articles (a category page names what it takes)', () => {
  it('names the sold tier for Premium articles, and never offers to sell a granted tier', () => {
    expect(unlockFor(['free', 'pro', 'pro'])).toEqual({ all: 'pro', sold: 'pro', granted: null });
    expect(unlockFor(['free', 'vip'])).toEqual({ all: 'vip', sold: null, granted: 'vip' });
    expect(unlockFor(['pro', 'vip', 'free'])).toEqual({ all: 'vip', sold: 'pro', granted: 'vip' });
    expect(unlockFor(['free'])).toEqual({ all: null, sold: null, granted: null });
    expect(unlockFor([])).toEqual({ all: null, sold: null, granted: null });
  });
});
