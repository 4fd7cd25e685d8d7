import { eq, inArray, sql } from 'drizzle-orm';
import { chatMessages, users } from '../../../db/schema/index.ts';
import { publishChatEvent } from '../../chat/chat-events.ts';
import { requireRoomAccess } from '../../chat/room-access.ts';
import type { ModeratedKind } from '../moderated-kind.ts';

/** Chat messages: reported only by members who may enter the room; hiding or approving one tells the room at once. */
export const chatMessageKind: ModeratedKind = {
  type: 'chat',
  label: 'Chat Message',
  async find(db, ids) {
    if (ids.length === 0) return [];
    const rows = await db.select({ r: chatMessages, role: users.role }).from(chatMessages).innerJoin(users, eq(users.id, chatMessages.userId)).where(inArray(chatMessages.id, ids));
    return rows.map(({ r, role }) => ({ type: 'chat', id: r.id, authorId: r.userId, authorRole: role, text: r.content, isHidden: r.isHidden, hiddenReason: r.hiddenReason, moderationNotes: r.moderationNotes, link: `/chat?room=${r.roomId}` }));
  },
  async setVisibility(tx, item, v) {
    const set = v.hidden
      ? { isHidden: true, hiddenReason: v.reason, moderationNotes: v.notes, hiddenAt: sql`now()` }
      : { isHidden: false, hiddenReason: null, hiddenAt: null, pendingReview: false };
    const [row] = await tx.update(chatMessages).set(set).where(eq(chatMessages.id, item.id)).returning({ roomId: chatMessages.roomId });
    if (row) await publishChatEvent(tx, { kind: v.hidden ? 'message-removed' : 'message', roomId: row.roomId, messageId: item.id });
  },
  async checkReporter(db, reporter, item) {
    const [row] = await db.select({ roomId: chatMessages.roomId }).from(chatMessages).where(eq(chatMessages.id, item.id));
    if (row) await requireRoomAccess(db, reporter, row.roomId);
  },
};
