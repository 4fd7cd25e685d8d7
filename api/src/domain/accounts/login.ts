import type { LoginInput } from '@app/shared/schemas';
import { eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from './passwords.ts';
import { clearAttempts, refund, takeAttempt, type LimitRule } from '../rate-limit/attempts.ts';
import type { UserRow } from './user-dto.ts';

/** Ghost's defaults: 8 free tries for members, 4 for admins, per account and address. */
export const MEMBER_FREE_TRIES = 8;
export const ADMIN_FREE_TRIES = 4;
const ACCOUNT_WIDE_FREE_TRIES = 50;
const IP_FREE_TRIES = 30;

const INVALID = 'Invalid username or password';

export function statusRefusal(status: UserRow['accountStatus']): string | null {
  if (status === 'suspended') return 'Your account has been suspended. Please contact support.';
  if (status === 'banned') return 'Your account has been banned.';
  return null;
}

/**
 * Signs in with username (matched exactly, case included) or email (any case) and password.
 * Failures are throttled per account+address (8 free tries, 4 for admins), per account from
 * anywhere (50) and per address (30), with growing waits; success clears the account's counters.
 */
export async function login(db: Db, input: LoginInput, ip: string): Promise<UserRow> {
  const { username, password } = input;
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.username, username), eq(users.email, username.toLowerCase())))
    .limit(1);
  const account = (user?.username ?? username).toLowerCase();
  const rules: LimitRule[] = [
    { key: `login:account-ip:${account}:${ip}`, freeTries: user?.role === 'admin' ? ADMIN_FREE_TRIES : MEMBER_FREE_TRIES },
    { key: `login:account:${account}`, freeTries: ACCOUNT_WIDE_FREE_TRIES },
    { key: `login:ip:${ip}`, freeTries: IP_FREE_TRIES },
  ];
  // Every attempt is counted before the password is checked, so parallel guesses cannot pass
  // the limit together; a successful one is taken back.
  const attempt = await takeAttempt(db, rules, (s) => `Too many sign-in attempts. Please wait ${s} second${s === 1 ? '' : 's'} and try again.`);
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !ok) throw new AppError('unauthorized', INVALID);
  await refund(db, attempt);
  const refusal = statusRefusal(user.accountStatus);
  if (refusal) throw new AppError('forbidden', refusal);
  await clearAttempts(db, [rules[0]!.key, rules[1]!.key]);
  return user;
}
