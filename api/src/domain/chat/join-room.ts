import type { ChatMessage } from '@app/shared/schemas';
import type { Db } from '../../db/client.ts';
import { chatRoomMembers } from '../../db/schema/index.ts';
import { can, viewerOf } from '@app/shared/browser';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { chatHistory } from './chat-history.ts';
import { requireRoomAccess } from './room-access.ts';

/**
 * Joining a room (socket `join` / `join_room`): the member belongs to it from now on and gets its
 * history (members under review read too). An archived room takes no new members; those who
 * belonged to it still read it.
 */
export async function joinRoom(db: Db, caller: UserRow | null, roomId: number): Promise<{ roomId: number; history: ChatMessage[] }> {
  const user = requireUser(caller);
  const { room, isMember } = await requireRoomAccess(db, user, roomId);
  if (room.archivedAt && !isMember && !can(viewerOf(user), 'moderate')) throw new AppError('forbidden', 'This room is archived.');
  if (!isMember) await db.insert(chatRoomMembers).values({ roomId, userId: user.id }).onConflictDoNothing();
  return { roomId, history: await chatHistory(db, user, roomId) };
}
