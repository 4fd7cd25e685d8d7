import { staffBadge } from '@app/shared/browser';
import type { ChatMessage, ChatRoom } from '@app/shared/schemas';
import type { chatMessages, chatRooms, users } from '../../db/schema/index.ts';
import { authorAvatar, authorColumns, authorName } from '../accounts/author-name.ts';

export type RoomRow = typeof chatRooms.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type SenderRow = Pick<typeof users.$inferSelect, 'id' | 'username' | 'displayName' | 'membershipTier' | 'role' | 'avatarUrl' | 'avatarThumbUrl' | 'deletedAt'>;

export const senderColumns = authorColumns;

export function toChatRoom(row: RoomRow, memberCount: number, isMember: boolean, unread = 0): ChatRoom {
  return {
    id: row.id, name: row.name, description: row.description, membershipRequired: row.membershipRequired, isPrivate: row.isPrivate,
    createdAt: row.createdAt.toISOString(), memberCount, isMember, isModerated: row.isModerated, isMuted: row.isMuted, isArchived: row.archivedAt !== null, unread,
  };
}

/** What a message shows of its row (a saved message's own row, at hand on the instance that saved it, has it all). */
export type ShownMessageRow = Pick<MessageRow, 'id' | 'roomId' | 'content' | 'sentAt' | 'pendingReview'>;

export function toChatMessage(row: ShownMessageRow, sender: SenderRow): ChatMessage {
  const message: ChatMessage = {
    id: row.id, roomId: row.roomId, content: row.content, sentAt: row.sentAt.toISOString(),
    sender: { id: sender.id, displayName: authorName(sender), badge: staffBadge(sender.role), avatarUrl: authorAvatar(sender), tier: sender.membershipTier },
  };
  if (row.pendingReview) message.pending = true;
  return message;
}
