import { and, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** How long a deleted account holds its username, so nobody can step into a departed member's name at once. */
export const USERNAME_HELD_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Frees a username held by an account deleted more than 30 days ago: the tombstone is renamed to
 * "~deleted-{id}" (no username can contain "~", so that name can never be taken or collide).
 * Sign-up calls this before asking whether a username is taken.
 */
export async function releaseUsername(db: Db, username: string): Promise<void> {
  await db
    .update(users)
    .set({ username: sql`'~deleted-' || ${users.id}` })
    .where(and(sql`lower(${users.username}) = lower(${username})`, lt(users.deletedAt, new Date(Date.now() - USERNAME_HELD_MS))));
}
