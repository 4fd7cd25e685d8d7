import { AUTO_HIDE_REPORTS, can, viewerOf } from '@app/shared/browser';
import type { CreateReportInput } from '@app/shared/schemas';
import { and, countDistinct, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { reports } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { requireRoomAccess } from '../chat/room-access.ts';
import { takeAttempt, waitText } from '../rate-limit/attempts.ts';
import { findContent, setContentVisibility } from './reported-content.ts';

/**
 * POST /api/reports: a member reports a bulletin post, chat message or article comment (one open
 * report per member and item, 10 an hour). Content reported by 3 different members is hidden
 * until an admin reviews it (DESIGN §7.15).
 */
export async function createReport(db: Db, caller: UserRow | null, input: CreateReportInput): Promise<{ id: number; status: 'pending'; hidden: boolean }> {
  const user = requirePermission(caller, 'post');
  const [item] = await findContent(db, input.type, [input.contentId]);
  if (!item || (item.isHidden && !can(viewerOf(user), 'see-hidden', item))) throw new AppError('not_found', 'That content could not be found. It may have been removed.');
  if (item.authorId === user.id) throw new AppError('bad_request', 'You cannot report your own content.');
  if (item.roomId !== null) await requireRoomAccess(db, user, item.roomId);
  await takeAttempt(db, [{ key: `report:${user.id}`, max: 10, windowMs: 60 * 60_000 }], (s) => `You have sent many reports. Please try again in ${waitText(s)}.`);
  try {
    return await db.transaction(async (tx) => {
      const [report] = await tx.insert(reports).values({ type: input.type, contentId: input.contentId, reporterId: user.id, reason: input.reason, notes: input.notes ?? null }).returning({ id: reports.id });
      const [open] = await tx
        .select({ n: countDistinct(reports.reporterId) })
        .from(reports)
        .where(and(eq(reports.type, input.type), eq(reports.contentId, input.contentId), eq(reports.status, 'pending')));
      const hide = !item.isHidden && Number(open?.n ?? 0) >= AUTO_HIDE_REPORTS;
      if (hide) await setContentVisibility(tx, item, { hidden: true, reason: input.reason, notes: `Hidden automatically after ${AUTO_HIDE_REPORTS} member reports; pending review.`, by: null });
      return { id: report!.id, status: 'pending' as const, hidden: hide || item.isHidden };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', 'You have already reported this. Our moderators will review it.');
    throw err;
  }
}
