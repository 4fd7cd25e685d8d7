import type { AdminRoomMessage } from '@app/shared/schemas';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatMessages, users } from '../../db/schema/index.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { requireRoomAccess } from './room-access.ts';

/**
 * GET /api/admin/chat-rooms/{roomId}/messages: the room's newest 100 messages, hidden and held ones
 * included — for staff who may read the room (a moderator outside a private room, or below its
 * tier, is refused as in the chat itself; admins read all).
 */
export async function listRoomMessages(db: Db, caller: UserRow | null, roomId: number): Promise<AdminRoomMessage[]> {
  const staff = requirePermission(caller, 'moderate');
  await requireRoomAccess(db, staff, roomId);
  const rows = await db
    .select({ m: chatMessages, username: users.username, displayName: users.displayName })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(eq(chatMessages.roomId, roomId))
    .orderBy(desc(chatMessages.id))
    .limit(100);
  return rows.map((r) => ({
    id: r.m.id, message: r.m.content, userId: r.m.userId, displayName: r.displayName || r.username, sentAt: r.m.sentAt.toISOString(),
    isHidden: r.m.isHidden, pendingReview: r.m.pendingReview, hiddenReason: r.m.hiddenReason,
  }));
}
