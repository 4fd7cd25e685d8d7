import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { AccountSpec } from './demo-accounts.ts';
import { hashPassword } from './passwords.ts';

/**
 * Creates the account if the username is free; if it exists and `promote` is set, makes it an
 * admin (and sets the password). Returns what happened. Accounts made here (the first admin,
 * the demo accounts) have their address confirmed: whoever runs this vouches for it.
 */
export async function ensureAccount(db: Db, spec: AccountSpec, opts: { promote?: boolean } = {}): Promise<'created' | 'promoted' | 'exists'> {
  const [existing] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${spec.username})`);
  if (existing) {
    if (!opts.promote) return 'exists';
    await db
      .update(users)
      .set({ role: 'admin', passwordHash: await hashPassword(spec.password), accountStatus: 'active', emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(users.id, existing.id));
    return 'promoted';
  }
  await db.insert(users).values({
    username: spec.username,
    email: spec.email.toLowerCase(),
    passwordHash: await hashPassword(spec.password),
    displayName: spec.displayName ?? null,
    membershipTier: spec.tier ?? 'free',
    role: spec.admin ? 'admin' : 'member',
    emailConfirmedAt: new Date(),
  });
  return 'created';
}
