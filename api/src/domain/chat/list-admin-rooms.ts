import type { AdminChatRoom } from '@app/shared/schemas';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatRooms } from '../../db/schema/index.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { toAdminRoom } from './admin-room-dto.ts';

/** GET /api/admin/chat-rooms: every room with its moderation state. */
export async function listAdminRooms(db: Db, caller: UserRow | null): Promise<AdminChatRoom[]> {
  requirePermission(caller, 'moderate');
  const rooms = await db.select().from(chatRooms).orderBy(asc(chatRooms.id));
  return Promise.all(rooms.map((r) => toAdminRoom(db, r)));
}
