import type { AdminChatRoom } from '@app/shared/schemas';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatMessages, chatRoomMembers, users } from '../../db/schema/index.ts';
import { toChatRoom, type RoomRow } from './chat-dto.ts';

/** A room as the admin's Chat Rooms tab shows it: counts, owner and notes. */
export async function toAdminRoom(db: Db, room: RoomRow): Promise<AdminChatRoom> {
  const [[members], [messages], [owner]] = await Promise.all([
    db.select({ n: count() }).from(chatRoomMembers).where(eq(chatRoomMembers.roomId, room.id)),
    db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.roomId, room.id)),
    room.ownerId ? db.select({ username: users.username, displayName: users.displayName }).from(users).where(eq(users.id, room.ownerId)) : Promise.resolve([]),
  ]);
  return { ...toChatRoom(room, Number(members?.n ?? 0), false), moderationNotes: room.moderationNotes, ownerName: owner ? owner.displayName || owner.username : null, messageCount: Number(messages?.n ?? 0) };
}
