import type { Deployment } from '@app/shared/browser';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { FinishedStatus } from './deployment-log.ts';

/** Deploys asked for by an admin or the webhook, and rollbacks, go into the audit log with their outcome (content rebuilds do not). */
export function auditDeployment(db: Db) {
  return async (d: Deployment, status: FinishedStatus) => {
    if (d.kind === 'rollback' && d.rollback) {
      await recordAudit(db, { actorId: d.actor?.id ?? null, action: 'site.rolled_back', details: { deploymentId: d.id, from: d.rollback.from, to: d.rollback.to, status, commit: d.commit } });
      return;
    }
    if (d.kind !== 'admin' && d.kind !== 'webhook') return;
    await recordAudit(db, { actorId: d.actor?.id ?? null, action: 'site.deployed', details: { deploymentId: d.id, via: d.kind, status, commit: d.commit } });
  };
}
