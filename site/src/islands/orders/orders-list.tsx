import { useStore } from '@nanostores/react';
import { errorMessage, formatCents, formatLongDate } from '@app/shared/browser';
import type { OrderSummary } from '@app/shared/schemas';
import { createFetcherStore } from '../../lib/queries';
import { OrderStatusBadge } from '@app/ui/order-status-badge';

const $orders = createFetcherStore<OrderSummary[]>(['/api/orders']);

/** Profile → Orders: the member's orders, newest first, each linking to its page; pending ones offer Track Order. */
export default function OrdersList() {
  const { data: orders, error } = useStore($orders);
  if (error) return <p className="text-sm text-red-700">Could not load your orders: {errorMessage(error)}</p>;
  if (!orders) return <p className="text-sm text-slate-600">Loading orders...</p>;
  if (orders.length === 0) {
    return (
      <div>
        <p className="text-slate-600">You haven't placed any orders yet.</p>
        <a href="/store" className="btn-outline mt-4">Browse the store</a>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-200">
      {orders.map((o) => (
        <li key={o.id} className="flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between" data-testid="order-row">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2">
              <a href={`/orders/${o.id}`} className="font-medium text-slate-900 hover:text-brand-700">Order #{o.id}</a>
              <OrderStatusBadge status={o.status} />
            </p>
            <p className="text-sm text-slate-600">{formatLongDate(o.orderDate)} · {formatCents(o.totalAmount)}</p>
            <p className="truncate text-sm text-slate-500">{o.shippingAddress}</p>
          </div>
          {o.status === 'pending' ? <a href={`/orders/${o.id}`} className="btn-outline shrink-0">Track Order</a> : <a href={`/orders/${o.id}`} className="btn-ghost shrink-0">View order</a>}
        </li>
      ))}
    </ul>
  );
}
