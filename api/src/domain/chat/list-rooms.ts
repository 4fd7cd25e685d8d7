import type { ChatRoom } from '@app/shared/schemas';
import { can, TIERS, viewerOf } from '@app/shared/browser';
import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { chatMessages, chatRoomMembers, chatRooms } from '../../db/schema/index.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { toChatRoom } from './chat-dto.ts';

/**
 * GET /api/chat/rooms: with each room the member belongs to, how many messages came since they
 * last read it (`unread`); every public room (those above the member's tier too, shown with their
 * badge so members see what an upgrade opens) and the private rooms they belong to; those who may
 * read every private room (admins) see all.
 * Archived rooms are out of the list (admins find them in the dashboard).
 */
export async function listRooms(db: Db, caller: UserRow | null): Promise<ChatRoom[]> {
  const user = requireUser(caller);
  const readsEveryPrivateRoom = can(viewerOf(user), 'read', { membershipRequired: TIERS[0], isPrivate: true, isMember: false });
  const rows = await (readsEveryPrivateRoom ? everyRoom : roomsShown)(db).execute({ userId: user.id });
  return rows.map((r) => toChatRoom(r.room, Number(r.n ?? 0), r.member !== null, Number(r.unread ?? 0)));
}

/** The list's query for one member (`userId`), prepared (every chat socket's first frame reads it): with every private room, or those they belong to. */
function roomsQuery(db: Db, everyPrivateRoom: boolean, name: string) {
  const userId = sql.placeholder('userId');
  const counts = db.select({ roomId: chatRoomMembers.roomId, n: count().as('n') }).from(chatRoomMembers).groupBy(chatRoomMembers.roomId).as('counts');
  const mine = db.select({ roomId: chatRoomMembers.roomId, lastRead: chatRoomMembers.lastReadMessageId }).from(chatRoomMembers).where(eq(chatRoomMembers.userId, userId)).as('mine');
  // In the rooms they belong to: others' messages since they last read it, that they may see (not hidden, not held).
  const unread = sql<number>`(select count(*)::int from ${chatMessages} where ${chatMessages.roomId} = ${chatRooms.id} and ${chatMessages.id} > ${mine.lastRead} and ${chatMessages.userId} <> ${userId} and not ${chatMessages.isHidden} and not ${chatMessages.pendingReview})`;
  return db
    .select({ room: chatRooms, n: counts.n, member: mine.roomId, unread: sql<number | null>`case when ${mine.roomId} is null then 0 else ${unread} end` })
    .from(chatRooms)
    .leftJoin(counts, eq(counts.roomId, chatRooms.id))
    .leftJoin(mine, eq(mine.roomId, chatRooms.id))
    .where(and(isNull(chatRooms.archivedAt), everyPrivateRoom ? undefined : or(eq(chatRooms.isPrivate, false), sql`${mine.roomId} is not null`)))
    .orderBy(asc(chatRooms.id))
    .prepare(name);
}
const everyRoom = preparedQuery((db) => roomsQuery(db, true, 'chat_rooms_all'));
const roomsShown = preparedQuery((db) => roomsQuery(db, false, 'chat_rooms'));
