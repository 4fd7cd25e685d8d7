import { AUDIT_ACTIONS, isoDay } from '@app/shared/browser';
import type { Db } from '../../db/client.ts';
import { requireDangerousPermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { csvRow } from './csv-row.ts';
import { readAuditRows, type AuditFilter, type AuditRow } from './read-audit-rows.ts';
import { recordAudit } from './record-audit.ts';

/** Entries read per query: the export never holds more than this many rows at once. */
export const EXPORT_BATCH = 500;
const HEADER = ['Entry', 'When (UTC)', 'Who', 'Action', 'What', 'Member', 'Details'];

/**
 * GET /api/admin/audit.csv: the audit log (with the list's filters) as CSV, newest first, for
 * admins (DESIGN §7.24: exports are admin-only, streamed and audited). The export is recorded
 * before the first row, so it is in the file it writes; rows are read in batches by entry id.
 */
export async function exportAuditLog(db: Db, caller: UserRow | null, filter: AuditFilter, now: Date): Promise<{ filename: string; lines: AsyncGenerator<string> }> {
  const admin = requireDangerousPermission(caller, 'administer');
  await recordAudit(db, { actorId: admin.id, action: 'audit.exported', details: { filter: { actor: filter.actor ?? null, action: filter.action ?? null, before: filter.before ?? null } } });
  return { filename: `audit-log-${isoDay(now)}.csv`, lines: csvLines(db, filter) };
}

async function* csvLines(db: Db, filter: AuditFilter): AsyncGenerator<string> {
  yield csvRow(HEADER);
  let belowId: number | undefined;
  for (;;) {
    const rows = await readAuditRows(db, filter, { belowId, limit: EXPORT_BATCH });
    if (rows.length > 0) yield rows.map(toCsv).join('');
    if (rows.length < EXPORT_BATCH) return;
    belowId = rows.at(-1)!.entry.id;
  }
}

function toCsv({ entry, actorName, targetName }: AuditRow): string {
  const label = (AUDIT_ACTIONS as Record<string, string>)[entry.action] ?? entry.action;
  return csvRow([entry.id, entry.createdAt.toISOString(), actorName ?? 'System', entry.action, label, targetName, JSON.stringify(entry.details)]);
}
