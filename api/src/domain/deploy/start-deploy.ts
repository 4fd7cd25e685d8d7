import type { DeployStarted } from '@app/shared/browser';
import { AppError } from '../../lib/app-error.ts';
import { requireDangerousPermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { DeployDeps } from './deploy-settings.ts';

/**
 * POST /api/deploy: the admin's "Deploy Latest Changes" — the same pipeline as a content change,
 * plus fetching the configured branch. Answers at once with the deployment to follow; while one
 * runs (on any instance) a second request joins it instead of starting another.
 */
export async function startDeploy(deps: DeployDeps, caller: UserRow | null): Promise<DeployStarted> {
  const admin = requireDangerousPermission(caller, 'administer');
  try {
    const { deployment, joined } = await deps.rebuilds.deploy({ kind: 'admin', trigger: `admin ${admin.username}`, actorId: admin.id });
    return { deployment, joined, message: joined ? `Deployment ${deployment.id} is already running; following it.` : `Deployment ${deployment.id} started.` };
  } catch (err) {
    throw new AppError('conflict', err instanceof Error ? err.message : 'A deployment is already running.');
  }
}
