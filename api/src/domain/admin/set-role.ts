import type { Role } from '@app/shared/browser';
import type { AdminUser } from '@app/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireDangerousPermission } from '../accounts/permissions.ts';
import { publishChatEvent } from '../chat/chat-events.ts';
import { signalSiteAccessChanged } from '../cms-sign-in/signal-site-access-changed.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { toAdminUsers } from './member-facts.ts';

/**
 * POST /api/admin/users/{userId}/role: an admin makes a member a moderator or an admin, or back
 * (DESIGN §7.16). Nobody changes their own role, so the last admin cannot lock everyone out by
 * accident. Each change is in the audit log.
 */
export async function setRole(db: Db, caller: UserRow | null, userId: number, role: Role): Promise<AdminUser> {
  const admin = requireDangerousPermission(caller, 'administer');
  if (userId === admin.id) throw new AppError('bad_request', 'You cannot change your own role.');
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!before) throw new AppError('not_found', 'User not found');
    if (before.role === role) return (await toAdminUsers(tx, [before]))[0]!;
    const [after] = await tx.update(users).set({ role, updatedAt: sql`now()` }).where(eq(users.id, userId)).returning();
    await tx.insert(auditLog).values({ actorId: admin.id, action: 'user.role_changed', targetUserId: userId, details: { from: before.role, to: role } });
    // Open chat sockets re-read the member at once (a moderator's powers end now, not in a few seconds).
    await publishChatEvent(tx, { kind: 'user-changed', userId });
    // An admin made anything else loses CMS admin and their CMS sessions on commit (issue 34).
    await signalSiteAccessChanged(tx, userId);
    return (await toAdminUsers(tx, [after!]))[0]!;
  });
}
