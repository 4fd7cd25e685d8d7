import { GRANTED_TIER } from '@app/shared/browser';
import type { AdminUser } from '@app/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { toAdminUsers } from './member-facts.ts';
import { publishChatEvent } from '../chat/chat-events.ts';
import { applyMembershipTier } from '../membership/apply-tier.ts';

/**
 * The granted tier (VIP) is granted by admins only (DESIGN §7.1), never bought. Taking it back
 * leaves the member with whatever their subscriptions pay for (Pro or free). Each change is in the
 * audit log.
 */
export async function setVip(db: Db, admin: UserRow, userId: number, vip: boolean, now: Date): Promise<AdminUser> {
  const [before] = await db.select().from(users).where(eq(users.id, userId));
  if (!before) throw new AppError('not_found', 'User not found');
  await db.transaction(async (tx) => {
    await tx.update(users).set({ membershipTier: vip ? GRANTED_TIER : 'free', updatedAt: sql`now()` }).where(eq(users.id, userId));
    await tx.insert(auditLog).values({ actorId: admin.id, action: vip ? 'user.vip_granted' : 'user.vip_revoked', targetUserId: userId, details: { from: before.membershipTier } });
  });
  if (!vip) await applyMembershipTier(db, userId, now);
  await publishChatEvent(db, { kind: 'user-changed', userId });
  const [after] = await db.select().from(users).where(eq(users.id, userId));
  return (await toAdminUsers(db, [after!], now))[0]!;
}
