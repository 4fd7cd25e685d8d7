import type { AdminChatRoom } from '@app/shared/schemas';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatRoomMembers, chatRooms } from '../../db/schema/index.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { toAdminRoom } from './admin-room-dto.ts';
import { roomRefusal } from './room-access.ts';

/**
 * GET /api/admin/chat-rooms: every room the caller may read, with its moderation state — admins
 * see all; a moderator's list leaves out private rooms they are not in and rooms above their tier.
 */
export async function listAdminRooms(db: Db, caller: UserRow | null): Promise<AdminChatRoom[]> {
  const staff = requirePermission(caller, 'moderate');
  const rows = await db
    .select({ room: chatRooms, member: chatRoomMembers.userId })
    .from(chatRooms)
    .leftJoin(chatRoomMembers, and(eq(chatRoomMembers.roomId, chatRooms.id), eq(chatRoomMembers.userId, staff.id)))
    .orderBy(asc(chatRooms.id));
  const readable = rows.filter((r) => roomRefusal(staff, r.room, r.member !== null) === null);
  return Promise.all(readable.map((r) => toAdminRoom(db, r.room)));
}
