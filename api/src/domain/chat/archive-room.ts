import type { AdminChatRoom, ArchiveRoomInput } from '@app/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatRooms } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { toAdminRoom } from './admin-room-dto.ts';
import { publishChatEvent } from './chat-events.ts';

/** POST /api/admin/chat-rooms/{roomId}/archive: archived rooms leave the members' list and turn read-only; `archived: false` brings them back. */
export async function archiveRoom(db: Db, caller: UserRow | null, roomId: number, input: ArchiveRoomInput): Promise<AdminChatRoom> {
  const staff = requirePermission(caller, 'moderate');
  const [room] = await db
    .update(chatRooms)
    .set({ archivedAt: input.archived ? sql`coalesce(${chatRooms.archivedAt}, now())` : null })
    .where(eq(chatRooms.id, roomId))
    .returning();
  if (!room) throw new AppError('not_found', 'Chat room not found');
  await recordAudit(db, { actorId: staff.id, action: input.archived ? 'room.archived' : 'room.restored', details: { roomId, room: room.name } });
  await publishChatEvent(db, { kind: 'room', roomId });
  return toAdminRoom(db, room);
}
