import { and, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatMessages, chatRoomMembers } from '../../db/schema/index.ts';

/**
 * The member has seen these rooms up to their newest message (issue 37 #5): joining a room, and a
 * socket closing on the rooms it had open (what arrived there meanwhile was read live).
 */
export async function markRoomsRead(db: Pick<Db, 'update' | 'select'>, userId: number, roomIds: number[]): Promise<void> {
  if (roomIds.length === 0) return;
  const newest = db.select({ roomId: chatMessages.roomId, id: max(chatMessages.id).as('id') }).from(chatMessages).where(inArray(chatMessages.roomId, roomIds)).groupBy(chatMessages.roomId).as('newest');
  await db
    .update(chatRoomMembers)
    .set({ lastReadMessageId: sql`greatest(${chatRoomMembers.lastReadMessageId}, coalesce((select ${newest.id} from ${newest} where ${newest.roomId} = ${chatRoomMembers.roomId}), 0))` })
    .where(and(eq(chatRoomMembers.userId, userId), inArray(chatRoomMembers.roomId, roomIds)));
}
