import type { AuditEntry, AuditPage, PersonRef } from '@app/shared/browser';
import type { AuditQuery } from '@app/shared/schemas';
import type { Db } from '../../db/client.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { readAuditRows } from './read-audit-rows.ts';

/**
 * GET /api/admin/audit: every admin and moderator action, newest first, filtered by who (a
 * username, exact or its start), what (an action, or an area such as `user.`) and when (before a
 * date), paged by entry id.
 */
export async function listAuditEntries(db: Db, caller: UserRow | null, query: AuditQuery): Promise<AuditPage> {
  requirePermission(caller, 'administer');
  const rows = await readAuditRows(db, query, { limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const person = (id: number | null, username: string | null): PersonRef | null => (id !== null && username !== null ? { id, username } : null);
  return {
    // The row's action and details were written together by recordAudit, which types the details
    // by the action: read back, they are that pair (the one place the jsonb is taken at its word).
    entries: page.map(({ entry, actorName, targetName }) => ({
      id: entry.id,
      at: entry.createdAt.toISOString(),
      actor: person(entry.actorId, actorName),
      target: person(entry.targetUserId, targetName),
      ...({ action: entry.action, details: entry.details } as Pick<AuditEntry, 'action' | 'details'>),
    }) as AuditEntry),
    nextBefore: rows.length > query.limit ? page.at(-1)!.entry.id : null,
  };
}
