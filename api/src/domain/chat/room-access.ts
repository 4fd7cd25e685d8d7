import { can, tierLabel, viewerOf } from '@app/shared/browser';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatRoomMembers, chatRooms } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { RoomRow } from './chat-dto.ts';

/**
 * Who may enter a room: its tier must be within the member's (admins enter all), and a private
 * room only lets in those who belong to it. The HTTP routes and the socket both ask this.
 */
export async function requireRoomAccess(db: Db, user: UserRow, roomId: number): Promise<{ room: RoomRow; isMember: boolean }> {
  const [row] = await db
    .select({ room: chatRooms, member: chatRoomMembers.userId })
    .from(chatRooms)
    .leftJoin(chatRoomMembers, and(eq(chatRoomMembers.roomId, chatRooms.id), eq(chatRoomMembers.userId, user.id)))
    .where(eq(chatRooms.id, roomId));
  if (!row) throw new AppError('not_found', 'Chat room not found');
  const viewer = viewerOf(user);
  const isMember = row.member !== null;
  const isAdmin = can(viewer, 'moderate');
  if (row.room.isPrivate && !isMember && !isAdmin) throw new AppError('forbidden', 'This room is private. Only its members can join.');
  if (!can(viewer, 'read', { membershipRequired: row.room.membershipRequired })) {
    throw new AppError('forbidden', `This room is for ${tierLabel(row.room.membershipRequired)} members. Upgrade your membership to join.`);
  }
  return { room: row.room, isMember };
}

/** A room's moderation state, as the socket tells the members in it when an admin changes it. */
export async function roomState(db: Db, roomId: number): Promise<{ roomId: number; isModerated: boolean; isMuted: boolean; isArchived: boolean } | null> {
  const [room] = await db.select({ isModerated: chatRooms.isModerated, isMuted: chatRooms.isMuted, archivedAt: chatRooms.archivedAt }).from(chatRooms).where(eq(chatRooms.id, roomId));
  return room ? { roomId, isModerated: room.isModerated, isMuted: room.isMuted, isArchived: room.archivedAt !== null } : null;
}
