import type { AdminUser, UserStatusChange } from '@app/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, sessions, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { requireRecentSecondFactor } from '../second-factor/step-up.ts';
import { toAdminUsers } from './member-facts.ts';
import { publishChatEvent } from '../chat/chat-events.ts';
import { signalSiteAccessChanged } from '../cms-sign-in/signal-site-access-changed.ts';

/**
 * Sets a member's account status with reason and notes, in one transaction with its audit
 * entry. Suspending or banning ends the member's sessions and chat sockets at once, and an
 * admin's CMS access with them.
 */
export async function changeUserStatus(db: Db, admin: UserRow, userId: number, input: UserStatusChange): Promise<AdminUser> {
  const { status, reason, notes } = input;
  if (admin.id === userId) throw new AppError('bad_request', 'You cannot change your own account status.');
  // Locking a member out is dangerous: it asks for the admin's second factor again after 10 minutes (issue 52 #4).
  if (status === 'suspended' || status === 'banned') requireRecentSecondFactor(admin);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!before) throw new AppError('not_found', 'User not found');
    const [after] = await tx
      .update(users)
      .set({
        accountStatus: status,
        statusReason: status === 'active' ? null : (reason ?? null),
        moderationNotes: notes ?? before.moderationNotes,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId))
      .returning();
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: 'user.status_changed',
      targetUserId: userId,
      details: { from: before.accountStatus, to: status, reason: reason ?? null, notes: notes ?? null },
    });
    if (status === 'suspended' || status === 'banned') {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      // Their chat sockets close at once, on whichever instance they are connected.
      await publishChatEvent(tx, { kind: 'user-blocked', userId });
    } else await publishChatEvent(tx, { kind: 'user-changed', userId });
    // A suspended or banned admin loses CMS admin and their CMS sessions on commit (issue 34).
    await signalSiteAccessChanged(tx, userId);
    return (await toAdminUsers(tx, [after!]))[0]!;
  });
}
