/** Integer cents as dollars with two decimals ("$2.99"). */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** Rounds to whole cents, halves up (DESIGN §7.12). */
export function roundHalfUp(value: number): number {
  return Math.floor(value + 0.5 + 1e-9);
}
