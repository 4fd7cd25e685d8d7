import type { AdminBulletinPost, BulletinPost } from '@app/shared/schemas';
import type { bulletinPosts, users } from '../../db/schema/index.ts';
import type { UserRow } from '../accounts/user-dto.ts';

export type BulletinRow = typeof bulletinPosts.$inferSelect;
type AuthorRow = Pick<typeof users.$inferSelect, 'id' | 'username' | 'displayName'>;

export const authorOf = (a: AuthorRow) => ({ id: a.id, displayName: a.displayName || a.username });

/** A post as a caller may see it: its author learns it was hidden (and why); others never get hidden posts. */
export function toBulletinPost(row: BulletinRow, author: AuthorRow, caller: UserRow | null): BulletinPost {
  const post: BulletinPost = { id: row.id, userId: row.userId, title: row.title, content: row.content, category: row.category, postedAt: row.createdAt.toISOString(), author: authorOf(author) };
  if (row.isHidden && (caller?.id === row.userId || caller?.role === 'admin')) Object.assign(post, { isHidden: true, hiddenReason: row.hiddenReason });
  return post;
}

export function toAdminBulletinPost(row: BulletinRow, author: AuthorRow, reports: number): AdminBulletinPost {
  return { ...toBulletinPost(row, author, null), isHidden: row.isHidden, hiddenReason: row.hiddenReason, moderationNotes: row.moderationNotes, reports };
}
