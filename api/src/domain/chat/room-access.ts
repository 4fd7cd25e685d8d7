import { can, tierLabel, viewerOf, type ChatRoomState } from '@app/shared/browser';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { chatRoomMembers, chatRooms, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { RoomRow } from './chat-dto.ts';

/** What decides who may read a room (neither changes once the room exists). */
export type RoomAccessRule = Pick<RoomRow, 'membershipRequired' | 'isPrivate'>;

/**
 * Who may read a room: its tier must be within the member's, and a private room only lets in
 * those who belong to it — moderators included; admins enter all (`can`). Returns why not, or
 * null. Entering a room, the staff's view of its messages and every delivery to a socket in it
 * ask this, so losing a tier takes effect on open sockets too.
 */
export function roomRefusal(user: UserRow, room: RoomAccessRule, isMember: boolean): string | null {
  if (can(viewerOf(user), 'read', { membershipRequired: room.membershipRequired, isPrivate: room.isPrivate, isMember })) return null;
  if (room.isPrivate && !isMember) return 'This room is private. Only its members can join.';
  return `This room is for ${tierLabel(room.membershipRequired)} members. Upgrade your membership to join.`;
}

const roomAccessQuery = preparedQuery((db) =>
  db
    .select({ room: chatRooms, member: chatRoomMembers.userId })
    .from(chatRooms)
    .leftJoin(chatRoomMembers, and(eq(chatRoomMembers.roomId, chatRooms.id), eq(chatRoomMembers.userId, sql.placeholder('userId'))))
    .where(eq(chatRooms.id, sql.placeholder('roomId')))
    .prepare('chat_room_access'),
);

/** The room, if this member may enter it (the HTTP routes and the socket both ask this; prepared: every join and message reads it). */
export async function requireRoomAccess(db: Db, user: UserRow, roomId: number): Promise<{ room: RoomRow; isMember: boolean }> {
  const [row] = await roomAccessQuery(db).execute({ userId: user.id, roomId });
  if (!row) throw new AppError('not_found', 'Chat room not found');
  const isMember = row.member !== null;
  const refusal = roomRefusal(user, row.room, isMember);
  if (refusal) throw new AppError('forbidden', refusal);
  return { room: row.room, isMember };
}

/** The readers as they are now (tier, role, status), for re-checking what their open sockets may still read. */
export async function currentReaders(db: Db, userIds: number[]): Promise<Map<number, UserRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, userIds));
  return new Map(rows.map((u) => [u.id, u]));
}

/** A room's moderation state, as the socket tells the members in it when an admin changes it. */
export async function roomState(db: Db, roomId: number): Promise<ChatRoomState | null> {
  const [room] = await db.select({ isModerated: chatRooms.isModerated, isMuted: chatRooms.isMuted, archivedAt: chatRooms.archivedAt }).from(chatRooms).where(eq(chatRooms.id, roomId));
  return room ? { roomId, isModerated: room.isModerated, isMuted: room.isMuted, isArchived: room.archivedAt !== null } : null;
}
