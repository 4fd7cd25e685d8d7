import { formatCents, formatPercent, TAX_RATE, type OrderTotals } from '@app/shared/browser';
import type { ReactNode } from 'react';

/**
 * The order summary of /cart and /checkout: subtotal, the member discount at the viewer's own rate
 * (`discountRate`, 0 without one), shipping, tax, total.
 */
export function OrderSummary({ totals, discountRate, children }: { totals: OrderTotals; discountRate: number; children?: ReactNode }) {
  const row = (label: string, value: string, testId: string, extra = '') => (
    <div className={`flex justify-between gap-4 ${extra}`}><dt>{label}</dt><dd data-testid={testId}>{value}</dd></div>
  );
  return (
    <section className="card p-6" aria-labelledby="summary-title">
      <h2 id="summary-title" className="text-lg font-semibold text-slate-900">Order Summary</h2>
      <dl className="mt-4 space-y-2 text-sm text-slate-700">
        {row('Subtotal', formatCents(totals.subtotal), 'summary-subtotal')}
        {discountRate > 0 && row(`Member discount (${formatPercent(discountRate)})`, `−${formatCents(totals.discount)}`, 'summary-discount', 'text-emerald-700')}
        {row('Shipping', totals.shipping === 0 && totals.subtotal > 0 ? 'Free' : formatCents(totals.shipping), 'summary-shipping')}
        {row(`Tax (${formatPercent(TAX_RATE)})`, formatCents(totals.tax), 'summary-tax')}
        {row('Total', formatCents(totals.total), 'summary-total', 'border-t border-slate-200 pt-3 text-base font-bold text-slate-900')}
      </dl>
      {children}
    </section>
  );
}
