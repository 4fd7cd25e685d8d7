import type { AdminRoomMessage } from '@app/shared/schemas';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatMessages, chatRooms, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';

/** GET /api/admin/chat-rooms/{roomId}/messages: the room's newest 100 messages, hidden and held ones included. */
export async function listRoomMessages(db: Db, caller: UserRow | null, roomId: number): Promise<AdminRoomMessage[]> {
  requirePermission(caller, 'moderate');
  const rows = await db
    .select({ m: chatMessages, username: users.username, displayName: users.displayName })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(eq(chatMessages.roomId, roomId))
    .orderBy(desc(chatMessages.id))
    .limit(100);
  // Only a room without messages needs asking whether it exists.
  if (rows.length === 0 && (await db.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.id, roomId))).length === 0) throw new AppError('not_found', 'Chat room not found');
  return rows.map((r) => ({
    id: r.m.id, message: r.m.content, userId: r.m.userId, displayName: r.displayName || r.username, sentAt: r.m.sentAt.toISOString(),
    isHidden: r.m.isHidden, pendingReview: r.m.pendingReview, hiddenReason: r.m.hiddenReason,
  }));
}
