import { CHAT_RATE, can, LINK_PATTERN, mentionedUsernames, SLOW_MODE_MS, viewerOf } from '@app/shared/browser';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { chatMessages, chatRoomMembers, chatRooms } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { takeAttempt, takeAttemptCall, waitText, withLimit } from '../rate-limit/attempts.ts';
import type { ShownMessageRow } from './chat-dto.ts';
import { newMessageNotify, publishChatEvent } from './chat-events.ts';
import { requireRoomAccess, roomRefusal, type RoomAccessRule } from './room-access.ts';
import { mentionedMembers, nameOf, notify } from '../notifications/notify.ts';

/** A message as saved: the row its sender's instance delivers at once (chat-delivery.ts `sentHere`). */
export type SentMessage = ShownMessageRow;

/**
 * A chat message (DESIGN §7.3): 1–2000 characters (the socket's schema), 20 per 30 s per member,
 * only admins in muted rooms; in moderated rooms a 10 s slow mode for members, and a message with
 * a link is held for review. Every instance hears of it through PostgreSQL and delivers it.
 *
 * `joined`: the room's access rule as the member's socket joined it (its tier and privacy never
 * change, and joining made them a member): the tier is then checked here, against the member as
 * just read, and the room's state (archived, muted, moderated) in the statement that saves the
 * message — one round trip in all (issue 53 #4). A room whose state stops it is read again below:
 * for the reason, or for the slow path.
 */
export async function sendMessage(db: Db, caller: UserRow | null, roomId: number, content: string, joined?: RoomAccessRule): Promise<SentMessage> {
  const user = requirePermission(caller, 'post');
  const isAdmin = can(viewerOf(user), 'moderate');
  const rate = [{ key: `chat:${user.id}`, ...CHAT_RATE }];
  const tooQuick = (s: number) => `You are sending messages too quickly. Please try again in ${waitText(s)}.`;
  // A message that names no one in a room without slow mode: the row, its announcement to every
  // instance and the limit in one statement, its own transaction, prepared (issue 53 #4). A refusal
  // takes the row and the announcement back.
  const plain = mentionedUsernames(content).length === 0;
  const saveIn = (open: SQL) => sql`with r as (select id from ${chatRooms} where id = ${roomId} and ${open}), m as (insert into ${chatMessages} (room_id, user_id, content) select r.id, ${user.id}::integer, ${content}::text from r returning id, sent_at) select m.id, m.sent_at, ${newMessageNotify(roomId, sql`m.id`)}, ${takeAttemptCall(rate)} from m`;
  const save = async (open: SQL): Promise<SentMessage | null> => {
    const [row] = await withLimit(executePrepared<{ id: number; sent_at: Date }>(db, saveIn(open)), tooQuick);
    return row ? { id: row.id, roomId, content, sentAt: row.sent_at, pendingReview: false } : null;
  };
  const takesPlainMessages = isAdmin ? sql`archived_at is null` : sql`archived_at is null and not is_muted and not is_moderated`;
  if (joined && plain) {
    const refusal = roomRefusal(user, joined, true);
    if (refusal) throw new AppError('forbidden', refusal);
    const sent = await save(takesPlainMessages);
    if (sent) return sent;
  }
  const { room } = await requireRoomAccess(db, user, roomId);
  if (room.archivedAt) throw new AppError('forbidden', 'This room is archived. You can read its history, but it no longer takes messages.');
  if (room.isMuted && !isAdmin) throw new AppError('forbidden', 'This room is muted. Only admins can post here for now.');
  // Read just now, the room takes it (a socket that has not joined, or a change since the statement above).
  if (!(room.isModerated && !isAdmin) && plain) return (await save(sql`true`))!;
  await takeAttempt(db, rate, tooQuick);
  if (room.isModerated && !isAdmin) {
    const [last] = await db.select({ sentAt: chatMessages.sentAt }).from(chatMessages).where(and(eq(chatMessages.roomId, roomId), eq(chatMessages.userId, user.id))).orderBy(desc(chatMessages.id)).limit(1);
    const wait = last ? last.sentAt.getTime() + SLOW_MODE_MS - Date.now() : 0;
    if (wait > 0) throw new AppError('too_many_requests', `Slow mode is on in this room. Please try again in ${waitText(Math.ceil(wait / 1000))}.`, { retryAfter: Math.ceil(wait / 1000) });
  }
  const pending = room.isModerated && !isAdmin && LINK_PATTERN.test(content);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(chatMessages).values({ roomId, userId: user.id, content, pendingReview: pending }).returning({ id: chatMessages.id, sentAt: chatMessages.sentAt });
    await publishChatEvent(tx, { kind: 'message', roomId, messageId: row!.id });
    // Members it names hear of it (issue 37) when they may read the room (its tier; a private
    // room's own members only), and not while it is held for review.
    if (!pending) {
      let named = await mentionedMembers(tx, content);
      if (room.isPrivate && named.length) {
        const inside = new Set((await tx.select({ userId: chatRoomMembers.userId }).from(chatRoomMembers).where(and(eq(chatRoomMembers.roomId, roomId), inArray(chatRoomMembers.userId, named)))).map((m) => m.userId));
        named = named.filter((id) => inside.has(id));
      }
      await notify(tx, { kind: 'mention', recipients: named, actorId: user.id, text: `${nameOf(user)} mentioned you in ${room.name}`, url: '/chat', place: `room:${roomId}`, about: { membershipRequired: room.membershipRequired } });
    }
    return { id: row!.id, roomId, content, sentAt: row!.sentAt, pendingReview: pending };
  });
}
