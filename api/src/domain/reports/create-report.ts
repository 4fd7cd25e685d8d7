import { AUTO_HIDE_REPORTS, can, isStaff, viewerOf } from '@app/shared/browser';
import type { CreateReportInput } from '@app/shared/schemas';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { reports } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { moderatedKind } from '../moderation/registry.ts';
import { takeAttempt, waitText } from '../rate-limit/attempts.ts';
import { trustedReportCount } from './trusted-reporters.ts';

/**
 * POST /api/reports: a member reports a bulletin post, chat message or article comment (one open
 * report per member and item, 10 an hour). Content reported by 3 trusted members from different
 * addresses is hidden until staff review it; staff content only ever goes to the queue
 * (DESIGN §7.15).
 */
export async function createReport(db: Db, caller: UserRow | null, input: CreateReportInput, from: { ip: string | null; now: Date }): Promise<{ id: number; status: 'pending'; hidden: boolean }> {
  const user = requirePermission(caller, 'post');
  const kind = moderatedKind(input.type);
  const [item] = await kind.find(db, [input.contentId]);
  if (!item || (item.isHidden && !can(viewerOf(user), 'see-hidden', item))) throw new AppError('not_found', 'That content could not be found. It may have been removed.');
  if (item.authorId === user.id) throw new AppError('bad_request', 'You cannot report your own content.');
  await kind.checkReader(db, user, item);
  await takeAttempt(db, [{ key: `report:${user.id}`, max: 10, windowMs: 60 * 60_000 }], (s) => `You have sent many reports. Please try again in ${waitText(s)}.`);
  try {
    return await db.transaction(async (tx) => {
      // One decision per item at a time, so parallel reports cannot each miss the others.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`report:${item.type}:${item.id}`}))`);
      const [report] = await tx.insert(reports).values({ type: input.type, contentId: input.contentId, reporterId: user.id, reporterIp: from.ip, reason: input.reason, notes: input.notes ?? null }).returning({ id: reports.id });
      const hide = !item.isHidden && !isStaff(item.authorRole) && (await trustedReportCount(tx, item, from.now)) >= AUTO_HIDE_REPORTS;
      if (hide) await kind.setVisibility(tx, item, { hidden: true, reason: input.reason, notes: `Hidden automatically after ${AUTO_HIDE_REPORTS} member reports; pending review.`, by: null });
      return { id: report!.id, status: 'pending' as const, hidden: hide || item.isHidden };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', 'You have already reported this. Our moderators will review it.');
    throw err;
  }
}
