import type { AuditQuery } from '@app/shared/schemas';
import { and, desc, eq, ilike, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';

/** Who (a username, exact or its start), what (an action, or an area such as `user.`) and when (before an entry id or a date). */
export type AuditFilter = Pick<AuditQuery, 'actor' | 'action' | 'before'>;
export type AuditRow = { entry: typeof auditLog.$inferSelect; actorName: string | null; targetName: string | null };

/**
 * One batch of audit entries matching the filter, newest first, below `belowId` when given: the
 * list's pages and the CSV export's batches both read the log through this.
 */
export async function readAuditRows(db: Db, filter: AuditFilter, batch: { belowId?: number; limit: number }): Promise<AuditRow[]> {
  const actor = alias(users, 'actor');
  const target = alias(users, 'target');
  const where: SQL[] = [];
  if (filter.actor) where.push(ilike(actor.username, startingWith(filter.actor)));
  if (filter.action) where.push(filter.action.endsWith('.') ? ilike(auditLog.action, startingWith(filter.action)) : eq(auditLog.action, filter.action));
  if (typeof filter.before === 'number') where.push(lt(auditLog.id, filter.before));
  else if (filter.before) where.push(lt(auditLog.createdAt, new Date(filter.before)));
  if (batch.belowId !== undefined) where.push(lt(auditLog.id, batch.belowId));
  return db
    .select({ entry: auditLog, actorName: actor.username, targetName: target.username })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(target, eq(target.id, auditLog.targetUserId))
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(batch.limit);
}

function startingWith(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
