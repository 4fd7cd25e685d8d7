import type { OrderDetail, OrderSummary } from '@app/shared/schemas';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orderStatusHistory, orders } from '../../db/schema/index.ts';

type OrderRow = typeof orders.$inferSelect;

export function toOrderSummary(o: OrderRow): OrderSummary {
  return { id: o.id, orderDate: o.createdAt.toISOString(), status: o.status, totalAmount: o.total, shippingAddress: o.shippingAddress };
}

/** An order with its lines and status history, as its member (or an admin) sees it (inside a transaction too). */
export async function loadOrderDetail(db: Pick<Db, 'select'>, order: OrderRow): Promise<OrderDetail> {
  const [items, history] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id)).orderBy(asc(orderStatusHistory.id)),
  ]);
  return {
    ...toOrderSummary(order),
    subtotal: order.subtotal,
    discount: order.discount,
    discountRate: order.discountRate,
    shipping: order.shipping,
    tax: order.tax,
    items: items.map((i) => ({ productId: i.productId, name: i.name, color: i.color, quantity: i.quantity, price: i.unitPrice })),
    history: history.map((h) => ({ status: h.status, note: h.note, at: h.createdAt.toISOString() })),
  };
}
