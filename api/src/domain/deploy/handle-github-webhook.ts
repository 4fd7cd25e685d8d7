import { createHmac, timingSafeEqual } from 'node:crypto';
import { GitHubPushSchema } from '@app/shared/schemas';
import { eq } from 'drizzle-orm';
import { githubDeliveries } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DeployDeps } from './deploy-settings.ts';

export type WebhookDelivery = { signature: string | undefined; event: string | undefined; deliveryId: string | undefined; body: Buffer };
export type WebhookAnswer = { status: 200 | 202; body: { message: string; deploymentId?: number } };

/** GitHub's X-Hub-Signature-256: "sha256=" and the HMAC-SHA256 of the raw body, compared in constant time. */
export function validSignature(secret: string, body: Buffer, signature: string | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(signature ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * POST /api/webhooks/github: a signed push to the configured branch deploys; ping answers; other
 * branches and events are acknowledged and ignored. Each delivery id is kept, so a redelivery is
 * acknowledged without deploying again; and a push whose head commit was deployed already (or is
 * being deployed, or is contained in the live commit) is refused, so a captured signed push sent
 * again under a new delivery id cannot redeploy — nor undo an admin's rollback.
 */
export async function handleGitHubWebhook(deps: DeployDeps, delivery: WebhookDelivery): Promise<WebhookAnswer> {
  const source = deps.rebuilds.source;
  if (!deps.webhookSecret || !source) throw new AppError('unavailable', 'The GitHub webhook is not configured (GITHUB_WEBHOOK_SECRET and DEPLOY_REPOSITORY).');
  if (!validSignature(deps.webhookSecret, delivery.body, delivery.signature)) throw new AppError('unauthorized', 'The webhook signature does not match.');
  if (!delivery.deliveryId || !delivery.event) throw new AppError('bad_request', 'X-GitHub-Delivery and X-GitHub-Event are required.');

  let ref: string | null = null;
  let head: string | null = null;
  if (delivery.event === 'push') {
    const parsed = GitHubPushSchema.safeParse(readJson(delivery.body));
    if (!parsed.success) throw new AppError('bad_request', 'The push event could not be read.');
    ref = parsed.data.ref;
    head = parsed.data.after ?? null;
  }
  const toBranch = delivery.event === 'push' && ref === `refs/heads/${source.branch}`;
  const replayed = toBranch && head !== null ? await alreadyDeployed(deps, head) : null;
  const deploys = toBranch && replayed === null;
  const result = delivery.event === 'ping' ? 'pong' : replayed ? `refused: ${replayed}` : deploys ? 'deploying' : 'ignored';
  const [fresh] = await deps.db.insert(githubDeliveries).values({ deliveryId: delivery.deliveryId, event: delivery.event, ref, result }).onConflictDoNothing().returning();
  if (!fresh) return { status: 200, body: { message: 'This delivery was received before; nothing more to do.' } };
  if (delivery.event === 'ping') return { status: 200, body: { message: 'pong' } };
  if (replayed) return { status: 200, body: { message: `Not deployed: ${replayed}. Use Deploy Latest Changes to deploy it again.` } };
  if (!deploys) return { status: 202, body: { message: delivery.event === 'push' ? `Ignored: only pushes to ${source.branch} deploy.` : `Ignored: ${delivery.event} events do not deploy.` } };

  const { deployment, joined } = await deps.rebuilds.deploy({ kind: 'webhook', trigger: `webhook ${delivery.deliveryId}` });
  await deps.db.update(githubDeliveries).set({ result: joined ? `joined deployment ${deployment.id}` : `deployment ${deployment.id}`, deploymentId: deployment.id }).where(eq(githubDeliveries.deliveryId, delivery.deliveryId));
  return { status: 202, body: { message: joined ? 'A deployment is already running; it takes this push.' : 'Deploying.', deploymentId: deployment.id } };
}

/** Why a push of this head commit must not deploy (it was deployed, or the live commit contains it), or null. */
async function alreadyDeployed(deps: DeployDeps, commit: string): Promise<string | null> {
  const short = commit.slice(0, 12);
  if (await deps.deployments.hasCommit(commit)) return `commit ${short} was deployed before`;
  const live = await deps.deployments.liveCommit();
  if (live && (await deps.rebuilds.source?.contains(live, commit))) return `commit ${short} is already live`;
  return null;
}

function readJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}
