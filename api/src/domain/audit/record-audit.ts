import type { AuditAction, AuditDetails } from '@app/shared/browser';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

type Writer = Pick<Db, 'insert'>;

/** One audit entry, written in the action's own transaction when it has one (so a rolled-back action leaves none). */
export async function recordAudit<A extends AuditAction>(db: Writer, entry: { actorId: number | null; action: A; targetUserId?: number | null } & (AuditDetails[A] extends Record<string, never> ? { details?: AuditDetails[A] } : { details: AuditDetails[A] })): Promise<void> {
  await db.insert(auditLog).values({ actorId: entry.actorId, action: entry.action, targetUserId: entry.targetUserId ?? null, details: entry.details ?? {} });
}
