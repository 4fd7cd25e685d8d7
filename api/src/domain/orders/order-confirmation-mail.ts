import { formatCents, formatPercent } from '@app/shared/browser';
import type { OrderDetail } from '@app/shared/schemas';
import type { Mail } from '../ports/mailer.ts';
import type { UserRow } from '../accounts/user-dto.ts';

/**
 * The mail that confirms an order, sent only to a confirmed address (mailToMember). Its subject
 * carries nothing a member typed; the body is the member's own order, for the member's own eyes.
 * A member discount is named at the rate the order was charged (its stored rate, not today's).
 */
export function orderConfirmationMail(user: UserRow, order: OrderDetail, publicUrl: string, siteName: string): Omit<Mail, 'to'> {
  const list = order.items.map((i) => `- ${i.quantity} × ${i.name} (${i.color}) at ${formatCents(i.price)}`).join('\n');
  const discount = order.discount > 0 ? `Member discount (${formatPercent(order.discountRate)}): −${formatCents(order.discount)}\n` : '';
  return {
    subject: `Your ${siteName} order #${order.id} is confirmed`,
    text: `Hello ${user.displayName || user.username},\n\nThank you for your order. This is a demo store: no payment was taken and nothing will ship.\n\n${list}\n\n${discount}Total: ${formatCents(order.totalAmount)}\nShipping to: ${order.shippingAddress}\n\nFollow it at ${publicUrl}/orders/${order.id}\n`,
  };
}
