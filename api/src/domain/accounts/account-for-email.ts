import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { UserRow } from './user-dto.ts';

/**
 * The account an address names: the one that confirmed it, else the first that signed up with
 * it. Several unconfirmed sign-ups may name one address (DESIGN §7.18); once one confirms it,
 * it is that account's alone.
 */
export async function accountForEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .orderBy(sql`${users.emailConfirmedAt} is null`, asc(users.id))
    .limit(1);
  return row ?? null;
}

/** Sets an account's address confirmed, unless another account has confirmed that address already. */
export const confirmIfUnclaimed = sql`coalesce(${users.emailConfirmedAt}, case when exists (select 1 from app.users other where other.email = ${users.email} and other.email_confirmed_at is not null) then null else now() end)`;
