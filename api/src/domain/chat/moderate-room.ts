import type { AdminChatRoom, ModerateRoomInput } from '@app/shared/schemas';
import { eq } from 'drizzle-orm';
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
 * POST /api/admin/chat-rooms/{roomId}/moderate: moderated (slow mode, links held), muted (admins only), notes —
 * by staff who may read the room; the change and its audit entry commit together.
 */
export async function moderateRoom(db: Db, caller: UserRow | null, roomId: number, input: ModerateRoomInput): Promise<AdminChatRoom> {
  const staff = requirePermission(caller, 'moderate');
  await requireRoomAccess(db, staff, roomId);
  const room = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(chatRooms)
      .set({
        ...(input.isModerated !== undefined && { isModerated: input.isModerated }),
        ...(input.isMuted !== undefined && { isMuted: input.isMuted }),
        ...(input.moderationNotes !== undefined && { moderationNotes: input.moderationNotes || null }),
      })
      .where(eq(chatRooms.id, roomId))
      .returning();
    if (!row) throw new AppError('not_found', 'Chat room not found');
    await recordAudit(tx, { actorId: staff.id, action: 'room.moderated', details: { roomId, room: row.name, ...input } });
    await publishChatEvent(tx, { kind: 'room', roomId });
    return row;
  });
  return toAdminRoom(db, room);
}
