import type { DeploymentDetail, DeploymentOverview } from '@app/shared/browser';
import { desc } from 'drizzle-orm';
import { githubDeliveries } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { DeployDeps } from './deploy-settings.ts';

/** GET /api/admin/deployments: the source and branch, the live commit, the webhook's state and the history. */
export async function getDeploymentOverview(deps: DeployDeps, caller: UserRow | null): Promise<DeploymentOverview> {
  requirePermission(caller, 'administer');
  const source = deps.rebuilds.source;
  const [last] = await deps.db.select().from(githubDeliveries).orderBy(desc(githubDeliveries.receivedAt)).limit(1);
  return {
    repository: source?.repository ?? null,
    branch: source?.branch ?? null,
    liveCommit: await deps.deployments.liveCommit(),
    running: await deps.deployments.running(),
    webhook: {
      configured: deps.webhookSecret !== null && source !== null,
      url: `${deps.publicUrl}/api/webhooks/github`,
      lastDelivery: last ? { at: last.receivedAt.toISOString(), event: last.event, ref: last.ref, result: last.result } : null,
    },
    deployments: await deps.deployments.list(),
    rollbackTargets: await deps.rebuilds.rollbackTargets(),
  };
}

/** GET /api/admin/deployments/{id}: one deployment with its log (polled while it runs). */
export async function getDeployment(deps: DeployDeps, caller: UserRow | null, id: number): Promise<DeploymentDetail> {
  requirePermission(caller, 'administer');
  const deployment = await deps.deployments.get(id);
  if (!deployment) throw new AppError('not_found', 'Deployment not found');
  return deployment;
}
