import { can, viewerOf } from '@app/shared/browser';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { recordAudit } from '../audit/record-audit.ts';

/**
 * POST /api/admin/reporters/{userId}/ignore `{ ignored }`: staff mark a member who abuses reports;
 * their reports (open ones too) stop counting towards hiding anything, and can still be read in
 * the queue. A staff reporter's standing is left to admins. Audit-logged; reversible.
 */
export async function ignoreReporter(db: Db, caller: UserRow | null, userId: number, ignored: boolean): Promise<{ userId: number; reportsIgnored: boolean }> {
  const staff = requirePermission(caller, 'moderate');
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw new AppError('not_found', 'User not found');
    if (!can(viewerOf(staff), 'moderate', { role: target.role })) throw new AppError('forbidden', 'Only an admin can stop counting reports from staff.');
    await tx.update(users).set({ reportsIgnoredAt: ignored ? sql`coalesce(${users.reportsIgnoredAt}, now())` : null }).where(eq(users.id, userId));
    await recordAudit(tx, { actorId: staff.id, action: ignored ? 'user.reports_ignored' : 'user.reports_counted', targetUserId: userId });
    return { userId, reportsIgnored: ignored };
  });
}
