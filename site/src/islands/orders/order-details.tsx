import { formatCents, formatLongDate, formatPercent, PRODUCT_COLOR_LABELS } from '@app/shared/browser';
import type { OrderDetail } from '@app/shared/schemas';
import { OrderStatusBadge } from '@app/ui/order-status-badge';

const STEPS = ['pending', 'shipped', 'completed'] as const;
const STEP_LABEL = { pending: 'Order placed', shipped: 'Shipped', completed: 'Delivered' } as const;

/** /orders/{id}: the lines, totals and status timeline of one of the member's orders, rendered on the server. */
export default function OrderDetails({ order }: { order: OrderDetail }) {
  const reached = order.status === 'cancelled' ? -1 : STEPS.indexOf(order.status);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold text-slate-900">Order #{order.id}</h1>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="text-slate-600">Placed on {formatLongDate(order.orderDate)} · Shipping to {order.shippingAddress}</p>
      {order.status !== 'cancelled' && (
        <ol className="grid grid-cols-3 gap-2" aria-label="Progress">
          {STEPS.map((s, i) => (
            <li key={s} className={`rounded-md border-t-4 pt-2 text-sm font-medium ${i <= reached ? 'border-brand-600 text-slate-900' : 'border-slate-200 text-slate-500'}`} aria-current={i === reached ? 'step' : undefined}>{STEP_LABEL[s]}</li>
          ))}
        </ol>
      )}
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section className="card p-6" aria-labelledby="items-title">
          <h2 id="items-title" className="text-lg font-semibold text-slate-900">Items</h2>
          <ul className="mt-4 divide-y divide-slate-200">
            {order.items.map((i) => (
              <li key={`${i.productId}-${i.color}`} className="flex justify-between gap-4 py-3 text-sm">
                <span><a href={`/store/${i.productId}`} className="font-medium text-slate-900 hover:text-brand-700">{i.name}</a> <span className="text-slate-600">({PRODUCT_COLOR_LABELS[i.color]}) × {i.quantity}</span></span>
                <span className="font-medium text-slate-900">{formatCents(i.price * i.quantity)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-4 space-y-1 border-t border-slate-200 pt-4 text-sm text-slate-700">
            <div className="flex justify-between"><dt>Subtotal</dt><dd>{formatCents(order.subtotal)}</dd></div>
            {order.discount > 0 && <div className="flex justify-between text-emerald-700"><dt>Member discount ({formatPercent(order.discountRate)})</dt><dd>−{formatCents(order.discount)}</dd></div>}
            <div className="flex justify-between"><dt>Shipping</dt><dd>{order.shipping === 0 ? 'Free' : formatCents(order.shipping)}</dd></div>
            <div className="flex justify-between"><dt>Tax</dt><dd>{formatCents(order.tax)}</dd></div>
            <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold text-slate-900"><dt>Total</dt><dd data-testid="order-total">{formatCents(order.totalAmount)}</dd></div>
          </dl>
        </section>
        <section className="card p-6" aria-labelledby="history-title">
          <h2 id="history-title" className="text-lg font-semibold text-slate-900">Status history</h2>
          <ol className="mt-4 space-y-4 border-l-2 border-slate-200 pl-4" data-testid="order-history">
            {order.history.map((h, i) => (
              <li key={i} className="relative">
                <span className="absolute -left-[1.4rem] top-1.5 h-3 w-3 rounded-full bg-brand-600" aria-hidden="true" />
                <p className="flex items-center gap-2"><OrderStatusBadge status={h.status} /><time className="text-xs text-slate-500" dateTime={h.at}>{new Date(h.at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</time></p>
                {h.note && <p className="mt-1 text-sm text-slate-700">{h.note}</p>}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}
