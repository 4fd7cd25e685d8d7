import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reports } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';

/** POST /api/admin/reports/{id}/dismiss: nothing to act on; the content stays as it is. */
export async function dismissReport(db: Db, caller: UserRow | null, reportId: number): Promise<{ id: number; status: 'dismissed' }> {
  const staff = requirePermission(caller, 'moderate');
  const [row] = await db.update(reports).set({ status: 'dismissed', reviewedBy: staff.id, reviewedAt: sql`now()` }).where(eq(reports.id, reportId)).returning({ id: reports.id, type: reports.type, contentId: reports.contentId });
  if (!row) throw new AppError('not_found', 'Report not found');
  await recordAudit(db, { actorId: staff.id, action: 'report.dismissed', details: { reportId, type: row.type, contentId: row.contentId } });
  return { id: row.id, status: 'dismissed' };
}
