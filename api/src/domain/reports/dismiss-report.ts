import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reports } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { MODERATED_KIND_TERMS } from '@app/shared/browser';
import { REVIEWED_URL } from '../moderation/change-visibility.ts';
import { notify } from '../notifications/notify.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';

/** POST /api/admin/reports/{id}/dismiss: nothing to act on; the content stays as it is. */
export async function dismissReport(db: Db, caller: UserRow | null, reportId: number): Promise<{ id: number; status: 'dismissed' }> {
  const staff = requirePermission(caller, 'moderate');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(reports)
      .set({ status: 'dismissed', reviewedBy: staff.id, reviewedAt: sql`now()` })
      .where(eq(reports.id, reportId))
      .returning({ id: reports.id, type: reports.type, contentId: reports.contentId, reporterId: reports.reporterId });
    if (!row) throw new AppError('not_found', 'Report not found');
    await recordAudit(tx, { actorId: staff.id, action: 'report.dismissed', details: { reportId, type: row.type, contentId: row.contentId } });
    // The reporter hears that it was reviewed (issue 37), from the moderators, not by name.
    if (row.reporterId !== staff.id) await notify(tx, { kind: 'report', recipients: [row.reporterId], actorId: null, text: `A moderator reviewed your report: the ${MODERATED_KIND_TERMS[row.type].noun} stays up.`, url: REVIEWED_URL[row.type] });
    return { id: row.id, status: 'dismissed' as const };
  });
}
