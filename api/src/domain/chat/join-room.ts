import { can, CHAT_JOIN_RATE, viewerOf } from '@app/shared/browser';
import type { ChatMessage } from '@app/shared/schemas';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatMessages, chatRoomMembers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { takeAttemptCall, waitText, withLimit } from '../rate-limit/attempts.ts';
import { chatHistory } from './chat-history.ts';
import { requireRoomAccess, type RoomAccessRule } from './room-access.ts';

/**
 * Joining a room (socket `join` / `join_room`): the member belongs to it from now on and gets its
 * history (members under review read too). An archived room takes no new members; those who
 * belonged to it still read it. A history is up to 50 long messages, so joins are rate-limited
 * per member on every instance; the socket answers a join of a room it is already in itself.
 */
export async function joinRoom(db: Db, caller: UserRow | null, roomId: number): Promise<{ roomId: number; access: RoomAccessRule; history: ChatMessage[] }> {
  const user = requireUser(caller);
  const { room, isMember } = await requireRoomAccess(db, user, roomId);
  if (room.archivedAt && !isMember && !can(viewerOf(user), 'moderate')) throw new AppError('forbidden', 'This room is archived.');
  // The limit, the membership and the room read up to its newest message (opening the room reads
  // it: its count of unread messages starts again from here), in one statement: a refusal takes
  // the rest back (issue 53 #4: a socket's join was five round trips, three of them here).
  const limit = takeAttemptCall([{ key: `chat-join:${user.id}`, ...CHAT_JOIN_RATE }]);
  await withLimit(
    db.execute(sql`
      insert into ${chatRoomMembers} (room_id, user_id, last_read_message_id)
      select ${roomId}::integer, ${user.id}::integer, coalesce((select max(id) from ${chatMessages} where room_id = ${roomId}), 0) from (select ${limit}) as allowed
      on conflict (room_id, user_id) do update set last_read_message_id = greatest(${chatRoomMembers.lastReadMessageId}, excluded.last_read_message_id)`),
    (s) => `You are joining rooms too quickly. Please try again in ${waitText(s)}.`,
  );
  return { roomId, access: { membershipRequired: room.membershipRequired, isPrivate: room.isPrivate }, history: await chatHistory(db, user, roomId) };
}
