import { can, discountRateOf, formatCents, orderTotals, viewerOf } from '@app/shared/browser';
import type { OrderDetail, PlaceOrderInput } from '@app/shared/schemas';
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { orderItems, orderStatusHistory, orders } from '../../db/schema/index.ts';
import type { Mailer } from '../ports/mailer.ts';
import { AppError } from '../../lib/app-error.ts';
import { mailToMember } from '../accounts/mail-to-member.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentIndex } from '../content/content-index.ts';
import { refund, takeAttempt, waitText } from '../rate-limit/attempts.ts';
import { orderConfirmationMail } from './order-confirmation-mail.ts';
import { loadOrderDetail } from './order-dto.ts';

/** Orders a member may place in an hour, and orders from one network address in an hour. */
export type OrderLimits = { perMemberPerHour: number; perAddressPerHour: number };
export const DEFAULT_ORDER_LIMITS: OrderLimits = { perMemberPerHour: 10, perAddressPerHour: 30 };

export type OrderDeps = { db: Db; mailer: Mailer; logger: Logger; publicUrl: string; orderLimits?: OrderLimits };

const HOUR_MS = 60 * 60 * 1000;

/**
 * POST /api/orders (DESIGN §7.4): the member is the session's, the status is pending, every price
 * comes from the catalogue and the member's tier, and a client total that disagrees with the
 * server's is refused (409) rather than trusted. With an Idempotency-Key a retried submit returns
 * the first order. The order, its lines and its first status are written in one transaction.
 * Each order mails a confirmation, so orders are limited per member and per address
 * (OrderLimits, atomic; a retried submit and a refused order do not count).
 */
export async function placeOrder(deps: OrderDeps, index: ContentIndex, caller: UserRow | null, input: PlaceOrderInput, idempotencyKey: string | null, ip: string): Promise<{ order: OrderDetail; created: boolean }> {
  const user = requirePermission(caller, 'post');
  const { db } = deps;
  const existing = async () => {
    if (!idempotencyKey) return null;
    const [row] = await db.select().from(orders).where(and(eq(orders.userId, user.id), eq(orders.idempotencyKey, idempotencyKey)));
    return row ? loadOrderDetail(db, row) : null;
  };
  const retried = await existing();
  if (retried) return { order: retried, created: false };

  const lines = input.items.map((item) => {
    const product = index.products.get(item.productId);
    if (!product) throw new AppError('bad_request', `A product in your cart (#${item.productId}) is no longer available. Please remove it and try again.`);
    if (!product.inStock) throw new AppError('conflict', `${product.name} is out of stock. Please remove it from your cart.`);
    return { product, color: item.color, quantity: item.quantity };
  });
  const buyer = { memberDiscount: can(viewerOf(user), 'member-discount'), tier: user.membershipTier };
  const totals = orderTotals(lines.map((l) => ({ price: l.product.price, quantity: l.quantity })), buyer);
  if (input.totalAmount !== totals.total) {
    throw new AppError('conflict', `Prices have changed since your cart was last updated: the total is now ${formatCents(totals.total)}. Please refresh your cart and try again.`, { total: totals.total });
  }

  const limits = deps.orderLimits ?? DEFAULT_ORDER_LIMITS;
  const attempt = await takeAttempt(
    db,
    [
      { key: `order:member:${user.id}`, max: limits.perMemberPerHour, windowMs: HOUR_MS },
      { key: `order:ip:${ip}`, max: limits.perAddressPerHour, windowMs: HOUR_MS },
    ],
    (s) => `You have placed many orders in a short time. Please try again in ${waitText(s)}.`,
  );
  let placed: typeof orders.$inferSelect;
  try {
    placed = await db.transaction(async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({ userId: user.id, status: 'pending', ...totals, discountRate: totals.discount > 0 ? discountRateOf(buyer) : 0, shippingAddress: input.shippingAddress, idempotencyKey })
        .returning();
      await tx.insert(orderItems).values(lines.map((l) => ({ orderId: order!.id, productId: l.product.id, name: l.product.name, color: l.color, quantity: l.quantity, unitPrice: l.product.price })));
      await tx.insert(orderStatusHistory).values({ orderId: order!.id, status: 'pending', note: 'Order placed', changedBy: user.id });
      return order!;
    });
  } catch (err) {
    await refund(db, attempt);
    // Two submits with the same key raced: the first one's order is the answer.
    if (isUniqueViolation(err)) {
      const first = await existing();
      if (first) return { order: first, created: false };
    }
    throw err;
  }
  const order = await loadOrderDetail(db, placed);
  await mailToMember(deps, user, orderConfirmationMail(user, order, deps.publicUrl, index.settings.siteName));
  return { order, created: true };
}
