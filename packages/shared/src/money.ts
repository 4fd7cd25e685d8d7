/** Money is integer cents everywhere; shown as dollars with two decimals. */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
