import { describe, expect, it } from 'vitest';
import { orderTotals } from './pricing.ts';

describe('order totals', () => {
  it.each([
    // lines, member, subtotal, discount, shipping, tax, total
    [[{ price: 2499, quantity: 1 }], false, 2499, 0, 799, 175, 3473],
    [[{ price: 2499, quantity: 2 }], false, 4998, 0, 799, 350, 6147],
    [[{ price: 4999, quantity: 1 }], false, 4999, 0, 799, 350, 6148],
    [[{ price: 5000, quantity: 1 }], false, 5000, 0, 0, 350, 5350],
    // The threshold applies after the discount: 5882 − 882 = 5000 ships free; 5881 − 882 = 4999 does not.
    [[{ price: 5882, quantity: 1 }], true, 5882, 882, 0, 350, 5350],
    [[{ price: 5881, quantity: 1 }], true, 5881, 882, 799, 350, 6148],
    // Halves round up: 10 × 0.15 = 1.5 → 2; (10 − 2) × 0.07 = 0.56 → 1.
    [[{ price: 10, quantity: 1 }], true, 10, 2, 799, 1, 808],
    [[{ price: 2499, quantity: 1 }, { price: 1899, quantity: 3 }], true, 8196, 1229, 0, 488, 7455],
    [[], true, 0, 0, 0, 0, 0],
  ])('%j (member %s) → %i − %i + %i + %i = %i', (lines, member, subtotal, discount, shipping, tax, total) => {
    expect(orderTotals(lines, { memberDiscount: member })).toEqual({ subtotal, discount, shipping, tax, total });
  });
});
