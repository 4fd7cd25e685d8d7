import type { RegisterInput } from '@app/shared/schemas';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { takeAttempt, waitText } from '../rate-limit/attempts.ts';
import { siteNameOf, type AccountDeps } from './account-deps.ts';
import { atMost } from './at-most.ts';
import { signUpAttemptMail } from './account-mails.ts';
import { hashPassword } from './passwords.ts';
import { releaseUsername } from './release-username.ts';
import { sendEmailConfirmation } from './send-email-confirmation.ts';
import type { UserRow } from './user-dto.ts';

/** Sign-ups per address per hour (REGISTER_LIMIT_PER_HOUR), and per email domain in ten minutes (a burst of throwaway accounts). */
export type RegisterLimits = { perAddressPerHour: number; perDomainPerTenMinutes: number };
export const DEFAULT_REGISTER_LIMITS: RegisterLimits = { perAddressPerHour: 20, perDomainPerTenMinutes: 30 };

const HOUR_MS = 60 * 60 * 1000;
const USERNAME_TAKEN = 'Username already exists';

/**
 * Creates a member account (free tier, address unconfirmed) and answers it; the caller signs it
 * in (spec 01 §7: the response is the user). Usernames are public, so a taken one is said so
 * (409). Whether an email is registered is not (DESIGN §7.18): an address is unique only among
 * confirmed accounts, so a sign-up naming a confirmed address is answered exactly like any other
 * — a new, unconfirmed account — while the address's owner is told by mail (at most once an hour)
 * instead of being sent a confirmation link. Unconfirmed accounts get no mail but the
 * confirmation itself (mailToMember). Each sign-up costs an argon2 hash, so sign-ups are limited
 * per address and per email domain (RegisterLimits).
 */
export async function register(deps: AccountDeps, data: RegisterInput, ip: string, limits: RegisterLimits): Promise<UserRow> {
  const { db } = deps;
  const email = data.email.toLowerCase();
  await takeAttempt(
    db,
    [
      { key: `register:ip:${ip}`, max: limits.perAddressPerHour, windowMs: HOUR_MS },
      { key: `register:domain:${email.slice(email.lastIndexOf('@') + 1)}`, max: limits.perDomainPerTenMinutes, windowMs: 10 * 60 * 1000 },
    ],
    (s) => `Too many sign-ups. Please try again in ${waitText(s)}.`,
  );
  await releaseUsername(db, data.username);
  if (await usernameTaken(deps, data.username)) throw new AppError('conflict', USERNAME_TAKEN);
  const passwordHash = await hashPassword(data.password);
  const created = await db
    .insert(users)
    .values({ username: data.username, email, passwordHash, displayName: data.displayName ?? null })
    .returning()
    .then(([row]) => row!, (err) => Promise.reject(isUniqueViolation(err) ? new AppError('conflict', USERNAME_TAKEN) : err));
  const [owner] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, email), isNotNull(users.emailConfirmedAt)));
  // Not awaited, in either case: the answer must not wait on (or reveal) mail delivery.
  if (owner) tellAddressOwner(deps, email);
  else void sendEmailConfirmation(deps, created).catch((err) => deps.logger.error({ err }, 'could not send the confirmation mail'));
  return created;
}

async function usernameTaken(deps: AccountDeps, username: string): Promise<boolean> {
  const [taken] = await deps.db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`);
  return Boolean(taken);
}

/** "Someone tried to sign up with your address", at most once an hour per address. */
function tellAddressOwner(deps: AccountDeps, email: string): void {
  const send = async () => {
    if (await atMost(deps.db, `mail:sign-up-attempt:${email}`, 1, HOUR_MS)) await deps.mailer.send({ to: email, ...signUpAttemptMail(siteNameOf(deps), deps.publicUrl) });
  };
  void send().catch((err) => deps.logger.error({ err }, 'could not tell an address owner about a sign-up attempt'));
}
