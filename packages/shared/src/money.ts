/** Integer cents as dollars with two decimals ("$2.99"). */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** Rounds to whole cents, halves up (DESIGN §7.12). */
export function roundHalfUp(value: number): number {
  return Math.floor(value + 0.5 + 1e-9);
}

/** Pro's price in cents (DESIGN §7.1): $2.99 a month; a year is twelve months less 15%. */
export const PRO_MONTHLY_CENTS = 299;
export const YEARLY_DISCOUNT = 0.15;
export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export function proPrice(interval: BillingInterval): number {
  return interval === 'month' ? PRO_MONTHLY_CENTS : roundHalfUp(PRO_MONTHLY_CENTS * 12 * (1 - YEARLY_DISCOUNT));
}

/** "$2.99/month", "$30.50/year". */
export function formatPlanPrice(interval: BillingInterval): string {
  return `${formatCents(proPrice(interval))}/${interval}`;
}
