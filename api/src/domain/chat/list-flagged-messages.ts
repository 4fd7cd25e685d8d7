import type { FlaggedChatMessage } from '@app/shared/schemas';
import { desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatMessages, chatRooms, users } from '../../db/schema/index.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { openReportCounts } from '../moderation/registry.ts';

/** GET /api/admin/chat-messages/flagged: messages held for review, hidden, or with open reports (newest 200). */
export async function listFlaggedMessages(db: Db, caller: UserRow | null): Promise<FlaggedChatMessage[]> {
  requirePermission(caller, 'moderate');
  const open = openReportCounts(db, 'chat');
  const rows = await db
    .select({ m: chatMessages, roomName: chatRooms.name, username: users.username, displayName: users.displayName, reports: open.n })
    .from(chatMessages)
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .leftJoin(open, eq(open.contentId, chatMessages.id))
    .where(or(eq(chatMessages.pendingReview, true), eq(chatMessages.isHidden, true), sql`${open.n} > 0`))
    .orderBy(desc(chatMessages.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.m.id, message: r.m.content, userId: r.m.userId, username: r.username, displayName: r.displayName || r.username, roomId: r.m.roomId, roomName: r.roomName,
    sentAt: r.m.sentAt.toISOString(), isHidden: r.m.isHidden, pendingReview: r.m.pendingReview, reports: Number(r.reports ?? 0),
    hiddenReason: r.m.hiddenReason, moderationNotes: r.m.moderationNotes,
  }));
}
