import { AdminOrdersQuerySchema, OrderStatusChangeSchema } from '@app/shared/schemas';
import type { Router } from 'express';
import type { Db } from '../../db/client.ts';
import { changeOrderStatus } from '../../domain/orders/change-order-status.ts';
import { listAllOrders } from '../../domain/orders/list-all-orders.ts';
import { noStore } from '../no-store.ts';
import { idParam } from '../params.ts';
import type { UserReader } from '../session-cookie.ts';
import { sectionRouter } from './section-router.ts';

/** Admin → Orders: every order, and moving one on to its next status. */
export function adminOrderRoutes(deps: { db: Db; readUser: UserReader }): Router {
  return sectionRouter('orders', deps.readUser, (route) => {
    route('list', async (req, res) => {
      noStore(res);
      res.json(await listAllOrders(deps.db, await deps.readUser(req), AdminOrdersQuerySchema.parse(req.query)));
    });
    route('setStatus', async (req, res) => {
      res.json(await changeOrderStatus(deps.db, await deps.readUser(req), idParam(req.params.id, 'Order'), OrderStatusChangeSchema.parse(req.body)));
    });
  });
}
