import { can, staffBadge, viewerOf } from '@app/shared/browser';
import type { AdminBulletinPost, BulletinPost } from '@app/shared/schemas';
import type { bulletinPosts, users } from '../../db/schema/index.ts';
import { authorAvatar, authorName } from '../accounts/author-name.ts';
import type { UserRow } from '../accounts/user-dto.ts';

export type BulletinRow = typeof bulletinPosts.$inferSelect;
type AuthorRow = Pick<typeof users.$inferSelect, 'id' | 'username' | 'displayName' | 'role' | 'avatarUrl' | 'avatarThumbUrl' | 'deletedAt'>;

export const authorOf = (a: AuthorRow) => ({ id: a.id, displayName: authorName(a), badge: staffBadge(a.role), avatarUrl: authorAvatar(a) });

/** A post as a caller may see it: those who may see it hidden (its author, moderators) learn it was hidden and why. */
export function toBulletinPost(row: BulletinRow, author: AuthorRow, caller: UserRow | null): BulletinPost {
  const post: BulletinPost = { id: row.id, userId: row.userId, title: row.title, content: row.content, category: row.category, postedAt: row.createdAt.toISOString(), author: authorOf(author) };
  if (row.isHidden && can(viewerOf(caller), 'see-hidden', { authorId: row.userId })) Object.assign(post, { isHidden: true, hiddenReason: row.hiddenReason });
  return post;
}

export function toAdminBulletinPost(row: BulletinRow, author: AuthorRow, reports: number): AdminBulletinPost {
  return { ...toBulletinPost(row, author, null), isHidden: row.isHidden, hiddenReason: row.hiddenReason, moderationNotes: row.moderationNotes, reports };
}
