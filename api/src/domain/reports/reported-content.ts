import type { ReportType } from '@app/shared/browser';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bulletinPosts, chatMessages, comments } from '../../db/schema/index.ts';
import { publishChatEvent } from '../chat/chat-events.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Anything a member wrote, as moderation sees it. */
export type ContentItem = { type: ReportType; id: number; authorId: number; text: string; isHidden: boolean; hiddenReason: string | null; moderationNotes: string | null; link: string; roomId: number | null };

/**
 * The three kinds of member content behind one interface, so reports, the review queue and
 * hide/restore are written once. Bulletin posts, chat messages and article comments keep the
 * same moderation columns.
 */
export async function findContent(db: Db | Tx, type: ReportType, ids: number[]): Promise<ContentItem[]> {
  if (ids.length === 0) return [];
  if (type === 'bulletin') {
    const rows = await db.select().from(bulletinPosts).where(inArray(bulletinPosts.id, ids));
    return rows.map((r) => ({ type, id: r.id, authorId: r.userId, text: `${r.title}: ${r.content}`, isHidden: r.isHidden, hiddenReason: r.hiddenReason, moderationNotes: r.moderationNotes, link: `/community#post-${r.id}`, roomId: null }));
  }
  if (type === 'chat') {
    const rows = await db.select().from(chatMessages).where(inArray(chatMessages.id, ids));
    return rows.map((r) => ({ type, id: r.id, authorId: r.userId, text: r.content, isHidden: r.isHidden, hiddenReason: r.hiddenReason, moderationNotes: r.moderationNotes, link: `/chat?room=${r.roomId}`, roomId: r.roomId }));
  }
  const rows = await db.select().from(comments).where(inArray(comments.id, ids));
  return rows
    .filter((r) => r.deletedAt === null)
    .map((r) => ({ type, id: r.id, authorId: r.userId, text: r.content, isHidden: r.isHidden, hiddenReason: r.hiddenReason, moderationNotes: r.moderationNotes, link: `/articles/${r.articleId}#comment-${r.id}`, roomId: null }));
}

export type Visibility = { hidden: true; reason: string | null; notes: string | null; by: number | null } | { hidden: false; by: number | null };

/** Hides or shows one item (showing a held chat message approves it); chat rooms hear of it. */
export async function setContentVisibility(tx: Tx, item: ContentItem, v: Visibility): Promise<void> {
  const set = v.hidden
    ? { isHidden: true, hiddenReason: v.reason, moderationNotes: v.notes, hiddenAt: sql`now()` }
    : { isHidden: false, hiddenReason: null, hiddenAt: null };
  if (item.type === 'bulletin') await tx.update(bulletinPosts).set(set).where(eq(bulletinPosts.id, item.id));
  else if (item.type === 'chat') await tx.update(chatMessages).set(v.hidden ? set : { ...set, pendingReview: false }).where(eq(chatMessages.id, item.id));
  else await tx.update(comments).set({ ...set, hiddenBy: v.hidden ? v.by : null }).where(eq(comments.id, item.id));
  if (item.type === 'chat') await publishChatEvent(tx, { kind: v.hidden ? 'message-removed' : 'message', roomId: item.roomId!, messageId: item.id });
}
