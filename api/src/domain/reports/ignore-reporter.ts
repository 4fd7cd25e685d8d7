import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';

/**
 * POST /api/admin/reporters/{userId}/ignore `{ ignored }`: staff mark a member who abuses reports;
 * their reports (open ones too) stop counting towards hiding anything, and can still be read in
 * the queue. Audit-logged; reversible.
 */
export async function ignoreReporter(db: Db, caller: UserRow | null, userId: number, ignored: boolean): Promise<{ userId: number; reportsIgnored: boolean }> {
  const staff = requirePermission(caller, 'moderate');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ reportsIgnoredAt: ignored ? sql`coalesce(${users.reportsIgnoredAt}, now())` : null })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!row) throw new AppError('not_found', 'User not found');
    await tx.insert(auditLog).values({ actorId: staff.id, action: ignored ? 'user.reports_ignored' : 'user.reports_counted', targetUserId: userId, details: {} });
    return { userId, reportsIgnored: ignored };
  });
}
