import express, { Router } from 'express';
import type { DeployDeps } from '../domain/deploy/deploy-settings.ts';
import { handleGitHubWebhook } from '../domain/deploy/handle-github-webhook.ts';

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
