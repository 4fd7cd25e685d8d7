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
import { requireRoomAccess } from './room-access.ts';

/**
 * POST /api/admin/chat-rooms/{roomId}/archive: archived rooms leave the members' list and turn
 * read-only; `archived: false` brings them back. Staff who may read the room; audited in the same
 * transaction.
 */
export async function archiveRoom(db: Db, caller: UserRow | null, roomId: number, input: ArchiveRoomInput): Promise<AdminChatRoom> {
  const staff = requirePermission(caller, 'moderate');
  await requireRoomAccess(db, staff, roomId);
  const room = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(chatRooms)
      .set({ archivedAt: input.archived ? sql`coalesce(${chatRooms.archivedAt}, now())` : null })
      .where(eq(chatRooms.id, roomId))
      .returning();
    if (!row) throw new AppError('not_found', 'Chat room not found');
    await recordAudit(tx, { actorId: staff.id, action: input.archived ? 'room.archived' : 'room.restored', details: { roomId, room: row.name } });
    await publishChatEvent(tx, { kind: 'room', roomId });
    return row;
  });
  return toAdminRoom(db, room);
}
