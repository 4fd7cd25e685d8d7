import type { OrderStatus } from '@app/shared/browser';

const LABEL: Record<OrderStatus, string> = { pending: 'Pending', shipped: 'Shipped', completed: 'Completed', cancelled: 'Cancelled' };

/** The spec's badges (02 §4): completed is the default badge, pending secondary, anything else destructive. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const look = status === 'completed' ? 'bg-brand-600 text-white' : status === 'pending' ? 'bg-slate-100 text-slate-800' : 'bg-red-600 text-white';
  return <span className={`badge ${look}`} data-status={status}>{LABEL[status]}</span>;
}
