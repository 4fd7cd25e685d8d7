import { integer, text, timestamp } from 'drizzle-orm/pg-core';
import { app } from './content.ts';

/**
 * Each GitHub webhook delivery, by GitHub's delivery id: a redelivery finds its row and never
 * deploys twice, and the Deployment tab shows when the webhook last fired and with what result.
 */
export const githubDeliveries = app.table('github_deliveries', {
  deliveryId: text('delivery_id').primaryKey(),
  event: text('event').notNull(),
  ref: text('ref'),
  /** What was done: deployed, ignored (another branch or event), pong. */
  result: text('result').notNull(),
  deploymentId: integer('deployment_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
