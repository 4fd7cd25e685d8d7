import type { Db } from '../../db/client.ts';
import type { DeploymentLog } from './deployment-log.ts';
import type { RebuildScheduler } from './rebuild-scheduler.ts';

/** What the deploy use cases share: the pipeline, its record, and the webhook's settings. */
export type DeployDeps = {
  db: Db;
  rebuilds: RebuildScheduler;
  deployments: DeploymentLog;
  /** GITHUB_WEBHOOK_SECRET; null: the webhook answers that it is not configured. */
  webhookSecret: string | null;
  publicUrl: string;
};
