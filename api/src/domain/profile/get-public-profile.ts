import { can, viewerOf } from '@app/shared/browser';
import type { PublicProfile } from '@app/shared/schemas';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { bulletinPosts, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ProfileDeps } from './profile-deps.ts';

const RECENT_POSTS = 5;

/** Whether a member's profile is public now: switched on, their tier still has the perk, and in good standing. */
const hasPublicProfile = (user: typeof users.$inferSelect) => user.publicProfile && can(viewerOf(user), 'public-profile') && user.accountStatus !== 'banned' && user.accountStatus !== 'suspended';
export const NO_PUBLIC_PROFILE = 'There is no public profile at this address.';

/**
 * GET /api/members/{username}: the shareable profile, for anyone — only while its member has
 * switched it on and their tier still has the perk (`public-profile`); otherwise 404, the same
 * answer as for a name nobody has (so it does not tell which members exist). Recent posts are
 * the visible ones only.
 */
export async function getPublicProfile(deps: Pick<ProfileDeps, 'db'>, username: string): Promise<PublicProfile> {
  const [user] = await deps.db.select().from(users).where(and(eq(users.username, username), isNull(users.deletedAt)));
  if (!user || !hasPublicProfile(user)) {
    throw new AppError('not_found', NO_PUBLIC_PROFILE);
  }
  const posts = await deps.db
    .select({ id: bulletinPosts.id, title: bulletinPosts.title, category: bulletinPosts.category, postedAt: bulletinPosts.createdAt })
    .from(bulletinPosts)
    .where(and(eq(bulletinPosts.userId, user.id), eq(bulletinPosts.isHidden, false)))
    .orderBy(desc(bulletinPosts.createdAt))
    .limit(RECENT_POSTS);
  return {
    username: user.username,
    displayName: user.displayName || user.username,
    avatarUrl: user.avatarUrl,
    bio: user.bio ?? '',
    membershipTier: user.membershipTier,
    memberSince: user.createdAt.toISOString(),
    searchIndexing: user.profileIndexable,
    recentPosts: posts.map((p) => ({ ...p, postedAt: p.postedAt.toISOString() })),
  };
}

/**
 * GET /api/public-profiles?names=: which of these usernames have a public profile now (the same
 * rule as the profile's own page), so a mention links to it (issue 37 #4). Answers the names as
 * their members spell them.
 */
export async function publicProfileNames(deps: Pick<ProfileDeps, 'db'>, names: string[]): Promise<{ names: string[] }> {
  if (names.length === 0) return { names: [] };
  const rows = await deps.db
    .select()
    .from(users)
    .where(and(inArray(sql`lower(${users.username})`, names.map((n) => n.toLowerCase())), isNull(users.deletedAt), eq(users.publicProfile, true)));
  return { names: rows.filter(hasPublicProfile).map((u) => u.username) };
}
