import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { ensureAccount } from '../src/domain/accounts/ensure-accounts.ts';
import { browserClient } from './browser-client.ts';
import { signInStaff } from './second-factor-helpers.ts';

/** A member with a confirmed address (`{username}@example.com`), of that tier, signed in to the app at `base` (an admin with their second factor). */
export async function signedInMember(db: Db, base: string, username: string, tier: 'free' | 'pro' | 'vip' = 'pro', admin = false): Promise<ReturnType<typeof browserClient>> {
  await ensureAccount(db, { username, email: `${username}@example.com`, password: 'pass-word-1', tier, admin });
  const c = browserClient(base);
  if (admin) await signInStaff(c, username, 'pass-word-1');
  else expect((await c.post('/api/login', { username, password: 'pass-word-1' })).status).toBe(200);
  return c;
}
