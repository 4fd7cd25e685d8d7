import { PlaceOrderSchema } from '@app/shared/schemas';
import { Router } from 'express';
import type { ContentReadModel } from '../domain/content/content-read-model.ts';
import { getOrder, listOrders } from '../domain/orders/list-orders.ts';
import { placeOrder, type OrderDeps } from '../domain/orders/place-order.ts';
import { AppError } from '../lib/app-error.ts';
import { idParam } from './params.ts';
import type { UserReader } from './session-cookie.ts';
import { noStore } from './no-store.ts';
import { signedIn } from './access.ts';

/** Orders (spec 02 §7): place, list and read one's own (Admin → Orders: routes/admin/orders.ts). */
export function orderRoutes(deps: OrderDeps & { content: ContentReadModel; readUser: UserReader }): Router {
  const r = Router();
  r.post('/orders', signedIn, async (req, res) => {
    const key = req.get('idempotency-key') ?? null;
    if (key !== null && !/^[\w-]{8,100}$/.test(key)) throw new AppError('bad_request', 'The Idempotency-Key header must be 8 to 100 letters, digits, "-" or "_".');
    const { order, created } = await placeOrder(deps, deps.content.current(), await deps.readUser(req), PlaceOrderSchema.parse(req.body), key, req.ip ?? 'unknown');
    res.status(created ? 201 : 200).json(order);
  });
  r.get('/orders', signedIn, async (req, res) => {
    noStore(res);
    res.json(await listOrders(deps.db, await deps.readUser(req)));
  });
  r.get('/orders/:id', signedIn, async (req, res) => {
    noStore(res);
    res.json(await getOrder(deps.db, await deps.readUser(req), idParam(req.params.id, 'Order')));
  });
  return r;
}
