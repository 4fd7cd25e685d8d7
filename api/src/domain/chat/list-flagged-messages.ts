import type { FlaggedChatMessage } from '@app/shared/schemas';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatMessages, chatRoomMembers, chatRooms, users } from '../../db/schema/index.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { openReportCounts } from '../moderation/registry.ts';
import { roomRefusal } from './room-access.ts';

/**
 * GET /api/admin/chat-messages/flagged: messages held for review, hidden, or with open reports
 * (newest 200), in the rooms the caller may read.
 */
export async function listFlaggedMessages(db: Db, caller: UserRow | null): Promise<FlaggedChatMessage[]> {
  const staff = requirePermission(caller, 'moderate');
  const open = openReportCounts(db, 'chat');
  const rows = await db
    .select({ m: chatMessages, room: chatRooms, member: chatRoomMembers.userId, username: users.username, displayName: users.displayName, reports: open.n })
    .from(chatMessages)
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
    .leftJoin(chatRoomMembers, and(eq(chatRoomMembers.roomId, chatMessages.roomId), eq(chatRoomMembers.userId, staff.id)))
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .leftJoin(open, eq(open.contentId, chatMessages.id))
    .where(or(eq(chatMessages.pendingReview, true), eq(chatMessages.isHidden, true), sql`${open.n} > 0`))
    .orderBy(desc(chatMessages.id))
    .limit(200);
  return rows.filter((r) => roomRefusal(staff, r.room, r.member !== null) === null).map((r) => ({
    id: r.m.id, message: r.m.content, userId: r.m.userId, username: r.username, displayName: r.displayName || r.username, roomId: r.m.roomId, roomName: r.room.name,
    sentAt: r.m.sentAt.toISOString(), isHidden: r.m.isHidden, pendingReview: r.m.pendingReview, reports: Number(r.reports ?? 0),
    hiddenReason: r.m.hiddenReason, moderationNotes: r.m.moderationNotes,
  }));
}
