import express, { Router } from 'express';
import type { DeployDeps } from '../domain/deploy/deploy-settings.ts';
import { getDeployment, getDeploymentOverview } from '../domain/deploy/get-deployment-overview.ts';
import { handleGitHubWebhook } from '../domain/deploy/handle-github-webhook.ts';
import { rollbackDeployment } from '../domain/deploy/rollback-deployment.ts';
import { startDeploy } from '../domain/deploy/start-deploy.ts';
import { noStore } from './no-store.ts';
import { idParam } from './params.ts';
import type { UserReader } from './session-cookie.ts';
import { signedIn } from './access.ts';

/** Admin → Deployment: POST /api/deploy, the history and rolling back to an earlier deployment (spec 02 §7; issues 23, 34). */
export function deployRoutes(deps: DeployDeps & { readUser: UserReader }): Router {
  const r = Router();
  r.post('/deploy', signedIn, async (req, res) => {
    res.status(202).json(await startDeploy(deps, await deps.readUser(req)));
  });
  r.get('/admin/deployments', signedIn, async (req, res) => {
    noStore(res);
    res.json(await getDeploymentOverview(deps, await deps.readUser(req)));
  });
  r.get('/admin/deployments/:id', signedIn, async (req, res) => {
    const caller = await deps.readUser(req);
    noStore(res);
    res.json(await getDeployment(deps, caller, idParam(req.params.id, 'Deployment')));
  });
  r.post('/admin/deployments/:id/rollback', signedIn, async (req, res) => {
    const caller = await deps.readUser(req);
    res.json(await rollbackDeployment(deps, caller, idParam(req.params.id, 'Deployment')));
  });
  return r;
}

/** GitHub signs the raw body: read before any JSON parsing, and with no browser Origin. */
export function githubWebhookRoute(deps: DeployDeps): Router {
  const r = Router();
  r.post('/', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    const answer = await handleGitHubWebhook(deps, {
      signature: req.get('x-hub-signature-256'),
      event: req.get('x-github-event'),
      deliveryId: req.get('x-github-delivery'),
      body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
    });
    res.status(answer.status).json(answer.body);
  });
  return r;
}
