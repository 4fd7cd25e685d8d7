import { can, CHAT_HISTORY_SIZE, viewerOf } from '@app/shared/browser';
import type { ChatMessage } from '@app/shared/schemas';
import { and, asc, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { chatMessages, users } from '../../db/schema/index.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { seesEveryChatMessage, shownOr } from '../moderation/kinds/chat-message.ts';
import { senderColumns, toChatMessage, type MessageRow, type SenderRow } from './chat-dto.ts';

/** Whether a viewer sees a message: hidden and held ones only by those who may see them hidden (sender, moderators). */
export function messageVisibleTo(row: Pick<MessageRow, 'isHidden' | 'pendingReview' | 'userId'>, viewer: UserRow): boolean {
  return (!row.isHidden && !row.pendingReview) || can(viewerOf(viewer), 'see-hidden', { authorId: row.userId });
}

/**
 * A room's last 50 messages, newest first, with their senders; prepared (every join reads one): for
 * moderators all of them, for everyone else those shown and their own (the chat kind's `visibleTo`).
 */
const historyQuery = (db: Db, shown: SQL | undefined, name: string) =>
  db
    .select({ message: chatMessages, sender: senderColumns(users) })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(and(eq(chatMessages.roomId, sql.placeholder('roomId')), shown))
    .orderBy(desc(chatMessages.id))
    .limit(CHAT_HISTORY_SIZE)
    .prepare(name);
const everyMessage = preparedQuery((db) => historyQuery(db, undefined, 'chat_history_all'));
const messagesShown = preparedQuery((db) => historyQuery(db, shownOr(sql.placeholder('viewerId')), 'chat_history'));

/** The last 50 messages of a room the viewer may see, oldest first. */
export async function chatHistory(db: Db, viewer: UserRow, roomId: number): Promise<ChatMessage[]> {
  const rows = seesEveryChatMessage(viewer) ? await everyMessage(db).execute({ roomId }) : await messagesShown(db).execute({ roomId, viewerId: viewer.id });
  return rows.reverse().map((r) => toViewerMessage(r.message, r.sender, viewer));
}

/** A message as this viewer sees it (a hidden one is a notice for its sender). */
export function toViewerMessage(row: MessageRow, sender: SenderRow, viewer: UserRow): ChatMessage {
  const message = toChatMessage(row, sender);
  if (row.isHidden && !can(viewerOf(viewer), 'moderate')) message.content = 'This message was hidden by a moderator.';
  return message;
}

const messageQuery = preparedQuery((db) =>
  db.select({ message: chatMessages, sender: senderColumns(users) }).from(chatMessages).innerJoin(users, eq(users.id, chatMessages.userId)).where(eq(chatMessages.id, sql.placeholder('messageId'))).prepare('chat_message'),
);

/** One message with its sender, for delivery (prepared: every instance reads each message it delivers). */
export async function loadMessage(db: Db, messageId: number): Promise<{ message: MessageRow; sender: SenderRow } | null> {
  const [row] = await messageQuery(db).execute({ messageId });
  return row ?? null;
}

/** The ids of a room's messages after `afterId`, oldest first, at most a history's worth: what an instance missed while its LISTEN connection was away. */
export async function messageIdsAfter(db: Db, roomId: number, afterId: number): Promise<number[]> {
  const rows = await db.select({ id: chatMessages.id }).from(chatMessages).where(and(eq(chatMessages.roomId, roomId), gt(chatMessages.id, afterId))).orderBy(asc(chatMessages.id)).limit(CHAT_HISTORY_SIZE);
  return rows.map((r) => r.id);
}
