import { useStore } from '@nanostores/react';
import { atom, computed } from 'nanostores';
import { useState } from 'react';
import { ADMIN_SECTIONS, callEndpoint, errorMessage, formatCents, formatLongDate, ORDER_STATUSES, ORDER_TRANSITIONS, urlOf, type OrderStatus } from '@app/shared/browser';
import type { AdminOrder } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { OrderStatusBadge } from '@app/ui/order-status-badge';
import { endpointStore, invalidateKeys } from '../../lib/queries';
import { StepUpDownload } from '../../lib/step-up';

const ORDERS = ADMIN_SECTIONS.orders.api;
const $query = atom<{ status: OrderStatus | ''; search: string }>({ status: '', search: '' });
const $orders = endpointStore(ORDERS.list, { query: computed($query, ({ status, search }) => `?${new URLSearchParams(status ? { status, search } : { search })}`) });
const reload = () => invalidateKeys((key) => key.startsWith(`${ORDERS.list.path}?`));
const label = (s: OrderStatus) => s[0]!.toUpperCase() + s.slice(1);

/** Admin → Orders: every order with a status filter and a member search; each moves on with a note kept in its history. */
export default function OrdersTab() {
  const query = useStore($query);
  const [search, setSearch] = useState('');
  const { data: orders, error } = useStore($orders);
  return (
    <section aria-labelledby="orders-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="orders-title" className="text-xl font-bold text-slate-900">Orders</h2>
        <form role="search" className="flex flex-wrap gap-2" onSubmit={(e) => { e.preventDefault(); $query.set({ ...query, search: search.trim() }); }}>
          <label htmlFor="order-status-filter" className="sr-only">Status</label>
          <select id="order-status-filter" value={query.status} onChange={(e) => $query.set({ ...query, status: e.target.value as OrderStatus | '' })} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((s) => <option key={s} value={s}>{label(s)}</option>)}
          </select>
          <label htmlFor="order-search" className="sr-only">Search by member</label>
          <input id="order-search" type="search" value={search} maxLength={100} onChange={(e) => setSearch(e.target.value)} placeholder="Search by member" className="w-48 rounded-md border border-slate-300 px-3 py-2 text-sm" />
          <button type="submit" className="btn-outline">Search</button>
        </form>
        {/* Every order as a file (recorded in the audit log), as Users exports its members. */}
        <StepUpDownload className="btn-outline" href={urlOf(ORDERS.exportOrders)}>Export CSV</StepUpDownload>
      </div>
      {error && <p role="alert" className="mt-4 text-sm text-red-700">Could not load orders: {errorMessage(error)} <button type="button" className="underline" onClick={reload}>Retry</button></p>}
      {orders && orders.length === 0 && <p className="card mt-4 p-8 text-center text-slate-600">No orders match.</p>}
      {orders && orders.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {orders.map((o) => <OrderRow key={o.id} order={o} />)}
        </ul>
      )}
      {!orders && !error && <p className="mt-4 text-sm text-slate-600">Loading orders...</p>}
    </section>
  );
}

function OrderRow({ order }: { order: AdminOrder }) {
  const next = ORDER_TRANSITIONS[order.status];
  const [status, setStatus] = useState<OrderStatus | ''>(next[0] ?? '');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  async function change() {
    if (!status) return;
    setBusy(true);
    try {
      await callEndpoint(ORDERS.setStatus, { params: { id: order.id }, body: { status, note: note.trim() || null } });
      toast({ title: 'Order updated', description: `Order #${order.id} is now ${status}.` });
      setNote('');
      reload();
    } catch (err) {
      toast({ title: 'Error updating order', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="flex flex-col gap-3 p-4 lg:flex-row lg:items-center lg:justify-between" data-testid="admin-order">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2"><span className="font-medium text-slate-900">Order #{order.id}</span><OrderStatusBadge status={order.status} /></p>
        <p className="text-sm text-slate-600">{order.username} · {formatLongDate(order.orderDate)} · {formatCents(order.totalAmount)}</p>
        <p className="truncate text-sm text-slate-500">{order.shippingAddress}</p>
      </div>
      {next.length > 0 && (
        <form className="flex flex-wrap items-center gap-2" onSubmit={(e) => { e.preventDefault(); void change(); }}>
          <label htmlFor={`order-${order.id}-status`} className="sr-only">New status</label>
          <select id={`order-${order.id}-status`} value={status} onChange={(e) => setStatus(e.target.value as OrderStatus)} className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm">
            {next.map((s) => <option key={s} value={s}>{label(s)}</option>)}
          </select>
          <label htmlFor={`order-${order.id}-note`} className="sr-only">Note</label>
          <input id={`order-${order.id}-note`} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} placeholder="Note (e.g. tracking number)" className="w-56 rounded-md border border-slate-300 px-2 py-1.5 text-sm" />
          <button type="submit" className="btn-primary" disabled={busy}>Update</button>
        </form>
      )}
    </li>
  );
}
