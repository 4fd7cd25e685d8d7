import type { OrderDetail, OrderStatus } from '@app/shared/schemas';
import { ORDER_TRANSITIONS } from '@app/shared/browser';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderStatusHistory, orders } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { loadOrderDetail } from './order-dto.ts';
import { notify } from '../notifications/notify.ts';

/** What the buyer is told when their order reaches a status. */
const ORDER_NEWS: Record<OrderStatus, string> = { pending: 'is waiting to be shipped', shipped: 'has shipped', completed: 'is complete', cancelled: 'was cancelled' };

/** POST /api/admin/orders/{id}/status: a step of the order's life, with a note, kept in its history. */
export async function changeOrderStatus(db: Db, caller: UserRow | null, orderId: number, input: { status: OrderStatus; note?: string | null }): Promise<OrderDetail> {
  const admin = requirePermission(caller, 'administer');
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new AppError('not_found', 'Order not found');
    if (!ORDER_TRANSITIONS[order.status].includes(input.status)) throw new AppError('conflict', `A ${order.status} order cannot become ${input.status}.`);
    const [updated] = await tx.update(orders).set({ status: input.status }).where(eq(orders.id, orderId)).returning();
    await tx.insert(orderStatusHistory).values({ orderId, status: input.status, note: input.note ?? null, changedBy: admin.id });
    await recordAudit(tx, { actorId: admin.id, action: 'order.status_changed', targetUserId: order.userId, details: { orderId, from: order.status, to: input.status, note: input.note ?? null } });
    // The buyer hears of it from the store, not from the admin by name (and an admin's own order is their own action).
    if (order.userId !== admin.id) await notify(tx, { kind: 'order', recipients: [order.userId], actorId: null, text: `Your order #${orderId} ${ORDER_NEWS[input.status]}`, url: `/orders/${orderId}` });
    return loadOrderDetail(tx, updated!);
  });
}
