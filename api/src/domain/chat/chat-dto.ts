import { staffBadge } from '@app/shared/browser';
import type { ChatMessage, ChatRoom } from '@app/shared/schemas';
import type { chatMessages, chatRooms, users } from '../../db/schema/index.ts';

export type RoomRow = typeof chatRooms.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type SenderRow = Pick<typeof users.$inferSelect, 'id' | 'username' | 'displayName' | 'membershipTier' | 'role'>;

export const senderColumns = (u: typeof users) => ({ id: u.id, username: u.username, displayName: u.displayName, membershipTier: u.membershipTier, role: u.role });

export function toChatRoom(row: RoomRow, memberCount: number, isMember: boolean): ChatRoom {
  return {
    id: row.id, name: row.name, description: row.description, membershipRequired: row.membershipRequired, isPrivate: row.isPrivate,
    createdAt: row.createdAt.toISOString(), memberCount, isMember, isModerated: row.isModerated, isMuted: row.isMuted, isArchived: row.archivedAt !== null,
  };
}

export function toChatMessage(row: MessageRow, sender: SenderRow): ChatMessage {
  const message: ChatMessage = {
    id: row.id, roomId: row.roomId, content: row.content, sentAt: row.sentAt.toISOString(),
    sender: { id: sender.id, displayName: sender.displayName || sender.username, badge: staffBadge(sender.role), tier: sender.membershipTier },
  };
  if (row.pendingReview) message.pending = true;
  return message;
}
