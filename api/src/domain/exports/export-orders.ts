import { asc, eq, gt, inArray } from 'drizzle-orm';
import { formatCents, isoDay } from '@app/shared/browser';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';
import { requireDangerousPermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { csvRow } from '../audit/csv-row.ts';
import { EXPORT_BATCH } from '../audit/export-audit-log.ts';
import { recordAudit } from '../audit/record-audit.ts';

const HEADER = ['Order', 'Placed (UTC)', 'Member', 'Status', 'Lines', 'Items', 'Subtotal', 'Discount', 'Shipping', 'Tax', 'Total', 'Total (cents)'];

/**
 * GET /api/admin/export/orders.csv (issue 39): every order, oldest first, one row each with its
 * lines ("2 × Mug (Black) at $12.00", separated by "; ") and its amounts as charged. Admins only,
 * streamed in batches, recorded in the audit log first.
 */
export async function exportOrders(db: Db, caller: UserRow | null, now: Date): Promise<{ filename: string; lines: AsyncGenerator<string> }> {
  const admin = requireDangerousPermission(caller, 'administer');
  await recordAudit(db, { actorId: admin.id, action: 'orders.exported', details: {} });
  return { filename: `orders-${isoDay(now)}.csv`, lines: orderLines(db) };
}

async function* orderLines(db: Db): AsyncGenerator<string> {
  yield csvRow(HEADER);
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select({ order: orders, username: users.username })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(gt(orders.id, afterId))
      .orderBy(asc(orders.id))
      .limit(EXPORT_BATCH);
    if (rows.length === 0) return;
    const items = await db.select().from(orderItems).where(inArray(orderItems.orderId, rows.map((r) => r.order.id))).orderBy(asc(orderItems.id));
    const linesOf = new Map<number, typeof items>();
    for (const item of items) linesOf.set(item.orderId, [...(linesOf.get(item.orderId) ?? []), item]);
    yield rows
      .map(({ order, username }) => {
        const lines = linesOf.get(order.id) ?? [];
        const described = lines.map((l) => `${l.quantity} × ${l.name} (${l.color}) at ${formatCents(l.unitPrice)}`).join('; ');
        const count = lines.reduce((n, l) => n + l.quantity, 0);
        return csvRow([order.id, order.createdAt.toISOString(), username, order.status, described, count, formatCents(order.subtotal), formatCents(order.discount), formatCents(order.shipping), formatCents(order.tax), formatCents(order.total), order.total]);
      })
      .join('');
    if (rows.length < EXPORT_BATCH) return;
    afterId = rows.at(-1)!.order.id;
  }
}
