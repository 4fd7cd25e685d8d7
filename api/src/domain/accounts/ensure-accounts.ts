import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from './passwords.ts';

export type AccountSpec = { username: string; email: string; password: string; displayName?: string; tier?: 'free' | 'pro' | 'vip'; admin?: boolean };

/** Demo accounts for the embedded demo mode only (never seeded with NODE_ENV=production). */
export const DEMO_ACCOUNTS: AccountSpec[] = [
  { username: 'free_member', email: 'free@example.com', password: 'free-demo-pass', displayName: 'Frankie Free', tier: 'free' },
  { username: 'pro_member', email: 'pro@example.com', password: 'pro-demo-pass', displayName: 'Priya Pro', tier: 'pro' },
  { username: 'vip_member', email: 'vip@example.com', password: 'vip-demo-pass', displayName: 'Victor VIP', tier: 'vip' },
  { username: 'Admin', email: 'admin@example.com', password: 'Admin-demo-pass', displayName: 'Site Admin', tier: 'vip', admin: true },
];

/**
 * Creates the account if the username is free; if it exists and `promote` is set, makes it an
 * admin (and sets the password). Returns what happened.
 */
export async function ensureAccount(db: Db, spec: AccountSpec, opts: { promote?: boolean } = {}): Promise<'created' | 'promoted' | 'exists'> {
  const [existing] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${spec.username})`);
  if (existing) {
    if (!opts.promote) return 'exists';
    await db
      .update(users)
      .set({ role: 'admin', passwordHash: await hashPassword(spec.password), accountStatus: 'active', updatedAt: sql`now()` })
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
  });
  return 'created';
}
