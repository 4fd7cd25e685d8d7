import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { ORDER_STATUSES, type OrderStatus } from './order-status.ts';
import { MAX_LINE_QUANTITY, PRODUCT_COLORS, type ProductColor } from './pricing.ts';

export { ORDER_STATUSES, type OrderStatus };

/**
 * POST /api/orders (spec 02 §3 "Order payload"). The server trusts none of its money or identity:
 * `userId`, `status` and each line's `price` are ignored, and `totalAmount` must equal the total
 * the server computes from the catalogue.
 */
export const PlaceOrderSchema = z.object({
  userId: z.unknown().optional(),
  status: z.unknown().optional(),
  totalAmount: z.number({ error: 'totalAmount must be a number of cents' }).int().min(0).max(100_000_000),
  shippingAddress: z.string().trim().min(5, 'Please enter a shipping address').max(500),
  items: z
    .array(
      z.object({
        productId: IdSchema,
        quantity: z.number({ error: 'quantity must be a whole number' }).int('quantity must be a whole number').min(1, 'quantity must be at least 1').max(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`),
        price: z.unknown().optional(),
        color: z.enum(PRODUCT_COLORS).default('black'),
      }),
    )
    .min(1, 'Your cart is empty')
    .max(50, 'An order can have at most 50 lines'),
});
export type PlaceOrderInput = z.infer<typeof PlaceOrderSchema>;

/** A line of a placed order, at the price the server charged. */
export type OrderLine = { productId: number; name: string; color: ProductColor; quantity: number; price: number };
/** GET /api/orders: the member's orders, newest first. */
export type OrderSummary = { id: number; orderDate: string; status: OrderStatus; totalAmount: number; shippingAddress: string };
/** GET /api/orders/{id} and the answer to POST /api/orders. */
export type OrderDetail = OrderSummary & {
  subtotal: number;
  discount: number;
  /** The store discount rate the order was charged at (0.15 for 15%; 0 without a discount). */
  discountRate: number;
  shipping: number;
  tax: number;
  items: OrderLine[];
  history: { status: OrderStatus; note: string | null; at: string }[];
};

/** POST /api/admin/orders/{id}/status */
export const OrderStatusChangeSchema = z.object({ status: z.enum(ORDER_STATUSES), note: z.string().trim().max(500).nullish() });
/** GET /api/admin/orders?status=&search= */
export const AdminOrdersQuerySchema = z.object({ status: z.enum(ORDER_STATUSES).optional(), search: z.string().trim().max(100).default('') });
export type AdminOrder = OrderSummary & { username: string };
