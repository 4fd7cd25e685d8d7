import { integer, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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

/**
 * Each round of a scheduled job, claimed by the one API instance whose insert wins (job and the
 * round's start are the key), so a round runs exactly once however many instances tick, and at
 * whatever moments. A run that never finished (its instance died) keeps `finished_at` empty.
 */
export const jobRounds = app.table(
  'job_rounds',
  {
    job: text('job').notNull(),
    roundStart: timestamp('round_start', { withTimezone: true }).notNull(),
    /** host:pid of the instance that ran it. */
    instance: text('instance').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** 'succeeded' or 'failed'; null while running (or cut short). */
    outcome: text('outcome'),
    detail: text('detail'),
  },
  (t) => [primaryKey({ columns: [t.job, t.roundStart] })],
);
