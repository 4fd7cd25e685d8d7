import type { AdminOrder, OrderStatus } from '@app/shared/schemas';
import { and, desc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { orders, users } from '../../db/schema/index.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { toOrderSummary } from './order-dto.ts';

/** GET /api/admin/orders: every order, newest first, by status and member. */
export async function listAllOrders(db: Db, caller: UserRow | null, query: { status?: OrderStatus; search: string }): Promise<AdminOrder[]> {
  requirePermission(caller, 'administer');
  const pattern = containing(query.search);
  const rows = await db
    .select({ order: orders, username: users.username })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(query.status ? eq(orders.status, query.status) : undefined, query.search ? or(ilike(users.username, pattern), ilike(users.email, pattern)) : undefined))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200);
  return rows.map((r) => ({ ...toOrderSummary(r.order), username: r.username }));
}
