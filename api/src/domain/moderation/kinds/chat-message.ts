import { can, viewerOf } from '@app/shared/browser';
import { and, desc, eq, inArray, or, sql, type Placeholder } from 'drizzle-orm';
import { chatMessages, chatRoomMembers, chatRooms, users } from '../../../db/schema/index.ts';
import { requirePermission } from '../../accounts/permissions.ts';
import type { UserRow } from '../../accounts/user-dto.ts';
import { publishChatEvent } from '../../chat/chat-events.ts';
import { requireRoomAccess, roomRefusal } from '../../chat/room-access.ts';
import { forgetReports } from '../forget-reports.ts';
import type { ModeratedKind } from '../moderated-kind.ts';
import { openReportCounts } from '../open-report-counts.ts';

/** Whether a viewer sees every chat message, hidden and held ones too (moderators). */
export const seesEveryChatMessage = (viewer: UserRow | null) => can(viewerOf(viewer), 'moderate');

const SHOWN = and(eq(chatMessages.isHidden, false), eq(chatMessages.pendingReview, false));

/**
 * The chat messages a member who may not moderate sees: those neither hidden nor held, and their own
 * (`viewerId`, or a placeholder for it in a prepared query: chat-history.ts).
 */
export const shownOr = (viewerId: number | Placeholder) => or(SHOWN, eq(chatMessages.userId, viewerId));

/** Chat messages: reported and moderated only by those who may enter the room; hiding or approving one tells the room at once. */
export const chatMessageKind: ModeratedKind<'chat'> = {
  type: 'chat',
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
  async checkReader(db, reader, item) {
    const [row] = await db.select({ roomId: chatMessages.roomId }).from(chatMessages).where(eq(chatMessages.id, item.id));
    if (row) await requireRoomAccess(db, reader, row.roomId);
  },
  async readableBy(db, reader, items) {
    if (items.length === 0) return new Set();
    const rows = await db
      .select({ id: chatMessages.id, room: { membershipRequired: chatRooms.membershipRequired, isPrivate: chatRooms.isPrivate }, member: chatRoomMembers.userId })
      .from(chatMessages)
      .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
      .leftJoin(chatRoomMembers, and(eq(chatRoomMembers.roomId, chatMessages.roomId), eq(chatRoomMembers.userId, reader.id)))
      .where(inArray(chatMessages.id, items.map((i) => i.id)));
    return new Set(rows.filter((r) => roomRefusal(reader, r.room, r.member !== null) === null).map((r) => r.id));
  },
  visibleTo(viewer) {
    if (seesEveryChatMessage(viewer)) return undefined;
    return viewer ? shownOr(viewer.id) : SHOWN;
  },
  // Messages held for review, hidden, or with open reports (newest 200), in the rooms the caller may read.
  async adminList({ db }, caller) {
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
  },
  forget: (tx, ids) => forgetReports(tx, 'chat', ids),
};
