// The store's money rules (DESIGN §7.4, §7.12; spec 02 §9), one function for the cart page, the
// checkout and the API, which recomputes every order from the catalogue.
import { roundHalfUp } from './money.ts';
import { storeDiscountFor } from './plans.ts';
import { PERK_TIER } from './permissions.ts';
import type { Tier } from './tiers.ts';

/** The colours every product comes in (black by default). */
export const PRODUCT_COLORS = ['black', 'white', 'primary'] as const;
export type ProductColor = (typeof PRODUCT_COLORS)[number];
export const PRODUCT_COLOR_LABELS: Record<ProductColor, string> = { black: 'Black', white: 'White', primary: 'Primary' };
/** The most of one product and colour a cart line or order line holds. */
export const MAX_LINE_QUANTITY = 99;

export const TAX_RATE = 0.07;
export const SHIPPING_CENTS = 799;
export const FREE_SHIPPING_FROM_CENTS = 5000;

export type PricedLine = { price: number; quantity: number };
export type OrderTotals = { subtotal: number; discount: number; shipping: number; tax: number; total: number };

/**
 * All in integer cents: the member discount is round(subtotal × the tier's store discount, from
 * the plan catalogue) on its own line; shipping (799, free from 5000) and 7% tax apply to the
 * discounted subtotal; halves round up. `memberDiscount` is whether the buyer gets one at all
 * (can(viewer, 'member-discount')); `tier` which rate (without it, the lowest tier's with the perk).
 */
export function orderTotals(lines: PricedLine[], opts: { memberDiscount: boolean; tier?: Tier }): OrderTotals {
  const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  const discount = roundHalfUp(subtotal * discountRateOf(opts));
  const discounted = subtotal - discount;
  const shipping = subtotal === 0 || discounted >= FREE_SHIPPING_FROM_CENTS ? 0 : SHIPPING_CENTS;
  const tax = roundHalfUp(discounted * TAX_RATE);
  return { subtotal, discount, shipping, tax, total: discounted + shipping + tax };
}

/** The store discount rate a buyer is charged at: their tier's (without one, the first discounted tier's), 0 without a discount. Orders keep it. */
export function discountRateOf(opts: { memberDiscount: boolean; tier?: Tier }): number {
  if (!opts.memberDiscount) return 0;
  return storeDiscountFor(opts.tier ?? PERK_TIER['member-discount']);
}
