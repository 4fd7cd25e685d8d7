import { PRODUCT_COLORS } from '@app/shared/browser';
import { ORDER_STATUSES } from '@app/shared/schemas';
import { index, integer, numeric, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { app } from './content.ts';

/** An order, with the money the server computed when it was placed (never the client's). */
export const orders = app.table(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull(),
    /** The store discount rate this order was charged at (0 without one): its page names the rate it got, whatever the catalogue says later. */
    discountRate: numeric('discount_rate', { precision: 5, scale: 4, mode: 'number' }).notNull().default(0),
    shipping: integer('shipping').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    shippingAddress: text('shipping_address').notNull(),
    /** The client's Idempotency-Key: a retried submit returns this order instead of a second one. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('orders_user_idx').on(t.userId, t.createdAt), uniqueIndex('orders_idempotency_idx').on(t.userId, t.idempotencyKey)],
);

export const orderItems = app.table(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    name: text('name').notNull(),
    color: text('color', { enum: PRODUCT_COLORS }).notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

export const orderStatusHistory = app.table(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    note: text('note'),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
);
