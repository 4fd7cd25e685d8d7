import { AdminOrdersQuerySchema, OrderStatusChangeSchema } from '@app/shared/schemas';
import type { Router } from 'express';
import type { Db } from '../../db/client.ts';
import { exportOrders } from '../../domain/exports/export-orders.ts';
import { changeOrderStatus } from '../../domain/orders/change-order-status.ts';
import { listAllOrders } from '../../domain/orders/list-all-orders.ts';
import { noStore } from '../no-store.ts';
import { idParam } from '../params.ts';
import type { UserReader } from '../session-cookie.ts';
import { sectionRouter } from './section-router.ts';
import { sendCsv } from './send-csv.ts';

/** Admin → Orders: every order, moving one on to its next status, and all of them as CSV (issue 39). */
export function adminOrderRoutes(deps: { db: Db; readUser: UserReader }): Router {
  return sectionRouter('orders', deps.readUser, (route) => {
    route('list', async (req, res) => {
      noStore(res);
      res.json(await listAllOrders(deps.db, await deps.readUser(req), AdminOrdersQuerySchema.parse(req.query)));
    });
    route('exportOrders', async (req, res) => {
      await sendCsv(res, await exportOrders(deps.db, await deps.readUser(req), new Date()));
    });
    route('setStatus', async (req, res) => {
      res.json(await changeOrderStatus(deps.db, await deps.readUser(req), idParam(req.params.id, 'Order'), OrderStatusChangeSchema.parse(req.body)));
    });
  });
}
