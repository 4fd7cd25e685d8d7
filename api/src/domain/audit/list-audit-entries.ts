import type { AuditPage, PersonRef } from '@app/shared/browser';
import type { AuditQuery } from '@app/shared/schemas';
import { and, desc, eq, ilike, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';

/**
 * GET /api/admin/audit: every admin and moderator action, newest first, filtered by who (a
 * username, exact or its start), what (an action, or an area such as `user.`) and when (before a
 * date), paged by entry id.
 */
export async function listAuditEntries(db: Db, caller: UserRow | null, query: AuditQuery): Promise<AuditPage> {
  requirePermission(caller, 'administer');
  const actor = alias(users, 'actor');
  const target = alias(users, 'target');
  const where: SQL[] = [];
  if (query.actor) where.push(ilike(actor.username, startingWith(query.actor)));
  if (query.action) where.push(query.action.endsWith('.') ? ilike(auditLog.action, startingWith(query.action)) : eq(auditLog.action, query.action));
  if (typeof query.before === 'number') where.push(lt(auditLog.id, query.before));
  else if (query.before) where.push(lt(auditLog.createdAt, new Date(query.before)));
  const rows = await db
    .select({ entry: auditLog, actorName: actor.username, targetName: target.username })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(target, eq(target.id, auditLog.targetUserId))
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const person = (id: number | null, username: string | null): PersonRef | null => (id !== null && username !== null ? { id, username } : null);
  return {
    entries: page.map(({ entry, actorName, targetName }) => ({
      id: entry.id,
      at: entry.createdAt.toISOString(),
      actor: person(entry.actorId, actorName),
      action: entry.action,
      target: person(entry.targetUserId, targetName),
      details: entry.details as Record<string, unknown>,
    })),
    nextBefore: rows.length > query.limit ? page.at(-1)!.entry.id : null,
  };
}

function startingWith(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
