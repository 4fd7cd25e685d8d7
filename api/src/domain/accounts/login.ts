import { isStaff } from '@app/shared/browser';
import type { LoginInput } from '@app/shared/schemas';
import { asc, eq, or, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { clearAttempts, refund, takeAttempt, type LimitRule } from '../rate-limit/attempts.ts';
import { siteNameOf, type AccountDeps } from './account-deps.ts';
import { signInAttemptsMail } from './account-mails.ts';
import { atMost } from './at-most.ts';
import { mailToMember } from './mail-to-member.ts';
import { verifyPassword } from './passwords.ts';
import type { UserRow } from './user-dto.ts';

/** Ghost's defaults: 8 free tries for members, 4 for staff, per account and address. */
export const MEMBER_FREE_TRIES = 8;
export const STAFF_FREE_TRIES = 4;
/** Per address over every account (one address trying many accounts). */
export const ADDRESS_FREE_TRIES = 30;
/** Failed sign-ins to one account within an hour, from anywhere, after which its owner is told. */
export const FAILURES_BEFORE_NOTICE = 20;

const HOUR_MS = 60 * 60 * 1000;
const INVALID = 'Invalid username or password';

/**
 * The sign-in throttle's rules for an account (named as typed when there is none) from an
 * address. Wrong second-factor codes count under the same keys (issue 52 #5).
 */
export function signInLimits(user: Pick<UserRow, 'role'> | null, account: string, ip: string): LimitRule[] {
  return [
    { key: `login:account-ip:${account.toLowerCase()}:${ip}`, freeTries: user && isStaff(user.role) ? STAFF_FREE_TRIES : MEMBER_FREE_TRIES },
    { key: `login:ip:${ip}`, freeTries: ADDRESS_FREE_TRIES },
  ];
}

export const tooManySignIns = (s: number) => `Too many sign-in attempts. Please wait ${s} second${s === 1 ? '' : 's'} and try again.`;

export function statusRefusal(status: UserRow['accountStatus']): string | null {
  if (status === 'suspended') return 'Your account has been suspended. Please contact support.';
  if (status === 'banned') return 'Your account has been banned.';
  return null;
}

/**
 * Signs in with username (matched exactly, case included) or email (any case) and password.
 * Failures are throttled per account+address (8 free tries, 4 for staff) and per address (30),
 * with growing waits. Nothing is throttled per account alone: that would let anyone lock any
 * member (an admin too) out from anywhere, so a correct password from an address that has not
 * been guessing always gets in. Instead the owner of an account that sees many failures is told
 * by mail, at most once an hour. A success clears its account+address failures.
 */
export async function login(deps: AccountDeps, input: LoginInput, ip: string): Promise<UserRow> {
  const { db } = deps;
  const { username, password } = input;
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.username, username), eq(users.email, username.toLowerCase())))
    // A username names one account; an address may be named by several sign-ups, and signs in
    // the account that confirmed it (else the first).
    .orderBy(sql`${users.username} <> ${username}`, sql`${users.emailConfirmedAt} is null`, asc(users.id))
    .limit(1);
  const rules = signInLimits(user ?? null, user?.username ?? username, ip);
  // Every attempt is counted before the password is checked, so parallel guesses cannot pass
  // the limit together; a successful one is taken back.
  const attempt = await takeAttempt(db, rules, tooManySignIns);
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !ok) {
    // Not awaited: a known account must not answer slower than an unknown one.
    if (user) void noteFailure(deps, user).catch((err) => deps.logger.error({ err }, 'could not record a failed sign-in'));
    throw new AppError('unauthorized', INVALID);
  }
  await refund(db, attempt);
  const refusal = statusRefusal(user.accountStatus);
  if (refusal) throw new AppError('forbidden', refusal);
  await clearAttempts(db, [rules[0]!.key]);
  return user;
}

/** Counts a failure on the account from anywhere; past FAILURES_BEFORE_NOTICE in an hour, tells its owner (once an hour). */
async function noteFailure(deps: AccountDeps, user: UserRow): Promise<void> {
  const belowNotice = await atMost(deps.db, `login:failures:${user.id}`, FAILURES_BEFORE_NOTICE, HOUR_MS);
  if (belowNotice) return;
  if (await atMost(deps.db, `mail:sign-in-attempts:${user.id}`, 1, HOUR_MS)) await mailToMember(deps, user, signInAttemptsMail(siteNameOf(deps), deps.publicUrl));
}
