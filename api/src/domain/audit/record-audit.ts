import type { AuditAction } from '@app/shared/browser';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

type Writer = Pick<Db, 'insert'>;

/** One audit entry, written in the action's own transaction when it has one (so a rolled-back action leaves none). */
export async function recordAudit(db: Writer, entry: { actorId: number | null; action: AuditAction; targetUserId?: number | null; details?: Record<string, unknown> }): Promise<void> {
  await db.insert(auditLog).values({ actorId: entry.actorId, action: entry.action, targetUserId: entry.targetUserId ?? null, details: entry.details ?? {} });
}
