import type { ChatRoom, CreateChatRoomInput } from '@app/shared/schemas';
import type { Db } from '../../db/client.ts';
import { chatRoomMembers, chatRooms } from '../../db/schema/index.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { takeAttempt, waitText } from '../rate-limit/attempts.ts';
import { toChatRoom } from './chat-dto.ts';

/** POST /api/chat/rooms: Pro and VIP members create rooms (10 a day); the creator owns it and is its first member. */
export async function createRoom(db: Db, caller: UserRow | null, input: CreateChatRoomInput): Promise<ChatRoom> {
  const user = requirePermission(caller, 'create-room');
  await takeAttempt(db, [{ key: `room:${user.id}`, max: 10, windowMs: 24 * 60 * 60_000 }], (s) => `You have created many rooms today. Please try again in ${waitText(s)}.`);
  const room = await db.transaction(async (tx) => {
    const [row] = await tx.insert(chatRooms).values({ ...input, ownerId: user.id }).returning();
    await tx.insert(chatRoomMembers).values({ roomId: row!.id, userId: user.id });
    return row!;
  });
  return toChatRoom(room, 1, true);
}
