import type { AdminChatRoom, AdminRoomMessage, ArchiveRoomInput, FlaggedChatMessage, ModerateRoomInput } from '@app/shared/schemas';
import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatMessages, chatRoomMembers, chatRooms, reports, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { publishChatEvent } from './chat-events.ts';
import { toChatRoom, type RoomRow } from './chat-dto.ts';

async function adminRoom(db: Db, room: RoomRow): Promise<AdminChatRoom> {
  const [[members], [messages], [owner]] = await Promise.all([
    db.select({ n: count() }).from(chatRoomMembers).where(eq(chatRoomMembers.roomId, room.id)),
    db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.roomId, room.id)),
    room.ownerId ? db.select({ username: users.username, displayName: users.displayName }).from(users).where(eq(users.id, room.ownerId)) : Promise.resolve([]),
  ]);
  return { ...toChatRoom(room, Number(members?.n ?? 0), false), moderationNotes: room.moderationNotes, ownerName: owner ? owner.displayName || owner.username : null, messageCount: Number(messages?.n ?? 0) };
}

/** GET /api/admin/chat-rooms: every room with its moderation state. */
export async function listAdminRooms(db: Db, caller: UserRow | null): Promise<AdminChatRoom[]> {
  requirePermission(caller, 'moderate');
  const rooms = await db.select().from(chatRooms).orderBy(asc(chatRooms.id));
  return Promise.all(rooms.map((r) => adminRoom(db, r)));
}

/** POST /api/admin/chat-rooms/{roomId}/moderate: moderated (slow mode, links held), muted (admins only), notes. */
export async function moderateRoom(db: Db, caller: UserRow | null, roomId: number, input: ModerateRoomInput): Promise<AdminChatRoom> {
  requirePermission(caller, 'moderate');
  const [room] = await db
    .update(chatRooms)
    .set({
      ...(input.isModerated !== undefined && { isModerated: input.isModerated }),
      ...(input.isMuted !== undefined && { isMuted: input.isMuted }),
      ...(input.moderationNotes !== undefined && { moderationNotes: input.moderationNotes || null }),
    })
    .where(eq(chatRooms.id, roomId))
    .returning();
  if (!room) throw new AppError('not_found', 'Chat room not found');
  await publishChatEvent(db, { kind: 'room', roomId });
  return adminRoom(db, room);
}

/** GET /api/admin/chat-messages/flagged: messages held for review, hidden, or with open reports (newest 200). */
export async function listFlaggedMessages(db: Db, caller: UserRow | null): Promise<FlaggedChatMessage[]> {
  requirePermission(caller, 'moderate');
  const open = db
    .select({ contentId: reports.contentId, n: count().as('n') })
    .from(reports)
    .where(and(eq(reports.type, 'chat'), eq(reports.status, 'pending')))
    .groupBy(reports.contentId)
    .as('open');
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

/** POST /api/admin/chat-rooms/{roomId}/archive: archived rooms leave the members' list and turn read-only; `archived: false` brings them back. */
export async function archiveRoom(db: Db, caller: UserRow | null, roomId: number, input: ArchiveRoomInput): Promise<AdminChatRoom> {
  requirePermission(caller, 'moderate');
  const [room] = await db
    .update(chatRooms)
    .set({ archivedAt: input.archived ? sql`coalesce(${chatRooms.archivedAt}, now())` : null })
    .where(eq(chatRooms.id, roomId))
    .returning();
  if (!room) throw new AppError('not_found', 'Chat room not found');
  await publishChatEvent(db, { kind: 'room', roomId });
  return adminRoom(db, room);
}

/** GET /api/admin/chat-rooms/{roomId}/messages: the room's newest 100 messages, hidden and held ones included. */
export async function listRoomMessages(db: Db, caller: UserRow | null, roomId: number): Promise<AdminRoomMessage[]> {
  requirePermission(caller, 'moderate');
  const rows = await db
    .select({ m: chatMessages, username: users.username, displayName: users.displayName })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(eq(chatMessages.roomId, roomId))
    .orderBy(desc(chatMessages.id))
    .limit(100);
  // Only a room without messages needs asking whether it exists.
  if (rows.length === 0 && (await db.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.id, roomId))).length === 0) throw new AppError('not_found', 'Chat room not found');
  return rows.map((r) => ({
    id: r.m.id, message: r.m.content, userId: r.m.userId, displayName: r.displayName || r.username, sentAt: r.m.sentAt.toISOString(),
    isHidden: r.m.isHidden, pendingReview: r.m.pendingReview, hiddenReason: r.m.hiddenReason,
  }));
}
