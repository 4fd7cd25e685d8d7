import { sql, type PostgresAdapter } from '@payloadcms/db-postgres';
import type { Payload } from 'payload';

/** What a CMS user linked to a site admin is told when they try a password: the site is their way in. */
export const SIGNS_IN_THROUGH_SITE = 'This CMS account signs in through the site: sign in there as an admin, then open the CMS. It has no password.';

/**
 * Takes a CMS user's password and every CMS session (their Payload tokens stop working: Payload
 * checks the session named in a token on each request), and with `editor` their admin role too.
 * Written to the rows directly: the users collection refuses a password change for a linked
 * user, and this takes one away.
 */
export async function removeLocalSignIn(payload: Payload, cmsUserId: number, demote: { role: 'editor' } | null = null): Promise<void> {
  await (payload.db as unknown as PostgresAdapter).drizzle.execute(sql`
    with ended as (delete from "cms"."users_sessions" where "_parent_id" = ${cmsUserId})
    update "cms"."users" set "hash" = null, "salt" = null, "role" = coalesce(${demote?.role ?? null}::"cms"."enum_users_role", "role") where "id" = ${cmsUserId}`);
}
