import type { DeploymentDetail } from '@app/shared/browser';
import { AppError } from '../../lib/app-error.ts';
import { requireDangerousPermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { DeployDeps } from './deploy-settings.ts';

const REFUSED = {
  not_found: ['not_found', 'Deployment not found'],
  not_successful: ['conflict', 'Only a successful deployment with a recorded build can be rolled back to.'],
  already_live: ['conflict', 'This deployment is already live.'],
  gone: ['conflict', 'The build of this deployment is no longer kept (only the newest builds are), so it cannot be made live again. Deploy its commit instead.'],
  busy: ['conflict', 'A deployment is running; roll back once it has finished.'],
} as const;

/**
 * POST /api/admin/deployments/{id}/rollback: makes an earlier successful deployment's build live
 * again, recorded as a deployment of its own (kind rollback, who, from and to) and audited. One at
 * a time with deployments on every instance (the deploy lock); the live pointer is the builds
 * folder's, which every instance and the site server share.
 */
export async function rollbackDeployment(deps: DeployDeps, caller: UserRow | null, id: number): Promise<DeploymentDetail> {
  const admin = requireDangerousPermission(caller, 'administer');
  const outcome = await deps.rebuilds.rollback({ to: id, actorId: admin.id, trigger: `rollback by ${admin.username} to deployment ${id}` });
  if (!outcome.ok) {
    const [code, message] = REFUSED[outcome.reason];
    throw new AppError(code, message);
  }
  return (await deps.deployments.get(outcome.id))!;
}
