import { BULLETIN_CATEGORIES, REPORT_STATUSES, REPORT_TYPES, TIERS } from '@app/shared/browser';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { app } from './content.ts';

/** Moderation columns every piece of member-written content carries. */
const moderation = () => ({
  isHidden: boolean('is_hidden').notNull().default(false),
  hiddenReason: text('hidden_reason'),
  moderationNotes: text('moderation_notes'),
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
});

/** The bulletin board: plain-text posts by members. */
export const bulletinPosts = app.table(
  'bulletin_posts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    category: text('category', { enum: BULLETIN_CATEGORIES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...moderation(),
  },
  (t) => [index('bulletin_posts_created_idx').on(t.createdAt)],
);

export const chatRooms = app.table('chat_rooms', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  membershipRequired: text('membership_required', { enum: TIERS }).notNull().default('free'),
  isPrivate: boolean('is_private').notNull().default(false),
  ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
  isModerated: boolean('is_moderated').notNull().default(false),
  isMuted: boolean('is_muted').notNull().default(false),
  moderationNotes: text('moderation_notes'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Archived by an admin: out of the members' list and read-only; reversible. */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
});

/** Who belongs to a room: its creator, and everyone who joined it. */
export const chatRoomMembers = app.table(
  'chat_room_members',
  {
    roomId: integer('room_id').notNull().references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** The newest message of the room the member has seen (issue 37 #5): later ones are unread. */
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('chat_room_members_user_idx').on(t.userId)],
);

export const chatMessages = app.table(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id').notNull().references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** Held for review (a link in a moderated room): only the sender and admins see it until approved. */
    pendingReview: boolean('pending_review').notNull().default(false),
    ...moderation(),
  },
  (t) => [index('chat_messages_room_idx').on(t.roomId, t.id), index('chat_messages_user_idx').on(t.userId, t.sentAt)],
);

/** Members' reports: one review queue for bulletin posts, chat messages and article comments. */
export const reports = app.table(
  'reports',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: REPORT_TYPES }).notNull(),
    contentId: integer('content_id').notNull(),
    reporterId: integer('reporter_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    notes: text('notes'),
    /** The reporter's address: auto-hide counts reporters from different addresses only. */
    reporterIp: text('reporter_ip'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    // One open report per member and item.
    uniqueIndex('reports_open_once_idx').on(t.reporterId, t.type, t.contentId).where(sql`status = 'pending'`),
    index('reports_content_idx').on(t.type, t.contentId),
  ],
);
