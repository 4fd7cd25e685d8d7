// An order's life (spec 02 §4), for the API and the pages that show or move it.
export const ORDER_STATUSES = ['pending', 'shipped', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Where an order may go next (admins move it): pending → shipped → completed, or cancelled before completion. */
export const ORDER_TRANSITIONS: Record<OrderStatus, OrderStatus[]> = { pending: ['shipped', 'cancelled'], shipped: ['completed', 'cancelled'], completed: [], cancelled: [] };
