import type { OrderDetail, OrderSummary } from '@app/shared/schemas';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { loadOrderDetail, toOrderSummary } from './order-dto.ts';

/** How many orders the profile lists (older ones stay reachable at /orders/{id}). */
export const ORDER_LIST_LIMIT = 200;

/** GET /api/orders: the caller's own orders, newest first (the newest 200). */
export async function listOrders(db: Db, caller: UserRow | null): Promise<OrderSummary[]> {
  const user = requireUser(caller);
  const rows = await db.select().from(orders).where(eq(orders.userId, user.id)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(ORDER_LIST_LIMIT);
  return rows.map(toOrderSummary);
}

/** GET /api/orders/{id}: one of the caller's orders; anyone else's answers 404, as if it did not exist. */
export async function getOrder(db: Db, caller: UserRow | null, orderId: number): Promise<OrderDetail> {
  const user = requireUser(caller);
  const [row] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, user.id)));
  if (!row) throw new AppError('not_found', 'Order not found');
  return loadOrderDetail(db, row);
}
