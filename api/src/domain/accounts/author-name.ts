import { DELETED_MEMBER_NAME } from '@app/shared/browser';
import type { users } from '../../db/schema/index.ts';

type Author = Pick<typeof users.$inferSelect, 'username' | 'displayName' | 'deletedAt'>;
type Pictured = Pick<typeof users.$inferSelect, 'avatarUrl' | 'avatarThumbUrl' | 'deletedAt'>;

/** The columns every author shown beside their words needs (comments, bulletin posts, chat). */
export const authorColumns = (u: typeof users) => ({ id: u.id, username: u.username, displayName: u.displayName, role: u.role, membershipTier: u.membershipTier, avatarUrl: u.avatarUrl, avatarThumbUrl: u.avatarThumbUrl, deletedAt: u.deletedAt });

/**
 * The name shown for an author: their display name, else their username — or "Deleted member"
 * once they deleted their account, whose words stay in others' threads (issue 20).
 */
export function authorName(a: Author): string {
  return a.deletedAt ? DELETED_MEMBER_NAME : a.displayName || a.username;
}

/** The picture shown beside an author's words: the small size of an upload, else the address they gave. */
export function authorAvatar(a: Pictured): string | null {
  return a.deletedAt ? null : (a.avatarThumbUrl ?? a.avatarUrl);
}
