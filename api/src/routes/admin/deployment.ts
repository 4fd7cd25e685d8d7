import type { Router } from 'express';
import type { DeployDeps } from '../../domain/deploy/deploy-settings.ts';
import { getDeployment, getDeploymentOverview } from '../../domain/deploy/get-deployment-overview.ts';
import { rollbackDeployment } from '../../domain/deploy/rollback-deployment.ts';
import { startDeploy } from '../../domain/deploy/start-deploy.ts';
import { noStore } from '../no-store.ts';
import { idParam } from '../params.ts';
import type { UserReader } from '../session-cookie.ts';
import { sectionRouter } from './section-router.ts';

/** Admin → Deployment: POST /api/deploy, the history and rolling back to an earlier deployment (spec 02 §7; issues 23, 34). */
export function adminDeploymentRoutes(deps: DeployDeps & { readUser: UserReader }): Router {
  return sectionRouter('deployment', deps.readUser, (route) => {
    route('deploy', async (req, res) => {
      res.status(202).json(await startDeploy(deps, await deps.readUser(req)));
    });
    route('overview', async (req, res) => {
      noStore(res);
      res.json(await getDeploymentOverview(deps, await deps.readUser(req)));
    });
    route('detail', async (req, res) => {
      const caller = await deps.readUser(req);
      noStore(res);
      res.json(await getDeployment(deps, caller, idParam(req.params.id, 'Deployment')));
    });
    route('rollback', async (req, res) => {
      const caller = await deps.readUser(req);
      res.json(await rollbackDeployment(deps, caller, idParam(req.params.id, 'Deployment')));
    });
  });
}
