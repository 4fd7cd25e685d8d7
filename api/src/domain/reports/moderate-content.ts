import type { ReportType } from '@app/shared/browser';
import type { ModerateContentInput } from '@app/shared/schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reports } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { findContent, setContentVisibility } from './reported-content.ts';

/**
 * POST /api/admin/content/{type}/{id}/moderate: hide with a reason and notes, or show again
 * (which approves a held chat message). Open reports on the item are marked reviewed.
 */
export async function moderateContent(db: Db, caller: UserRow | null, type: ReportType, contentId: number, input: ModerateContentInput) {
  const admin = requirePermission(caller, 'moderate');
  return db.transaction(async (tx) => {
    const [item] = await findContent(tx, type, [contentId]);
    if (!item) throw new AppError('not_found', 'That content could not be found.');
    await setContentVisibility(tx, item, input.isHidden ? { hidden: true, reason: input.reason ?? 'other', notes: input.notes ?? null, by: admin.id } : { hidden: false, by: admin.id });
    await tx
      .update(reports)
      .set({ status: 'reviewed', reviewedBy: admin.id, reviewedAt: sql`now()` })
      .where(and(eq(reports.type, type), eq(reports.contentId, contentId), eq(reports.status, 'pending')));
    return { type, contentId, isHidden: input.isHidden };
  });
}

/** POST /api/admin/reports/{id}/dismiss: nothing to act on; the content stays as it is. */
export async function dismissReport(db: Db, caller: UserRow | null, reportId: number): Promise<{ id: number; status: 'dismissed' }> {
  const admin = requirePermission(caller, 'moderate');
  const [row] = await db.update(reports).set({ status: 'dismissed', reviewedBy: admin.id, reviewedAt: sql`now()` }).where(eq(reports.id, reportId)).returning({ id: reports.id });
  if (!row) throw new AppError('not_found', 'Report not found');
  return { id: row.id, status: 'dismissed' };
}
