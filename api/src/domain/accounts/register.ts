import type { RegisterInput } from '@app/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { takeAttempt, waitText } from '../rate-limit/attempts.ts';
import { hashPassword } from './passwords.ts';
import type { UserRow } from './user-dto.ts';

/** Sign-ups per address per hour (REGISTER_LIMIT_PER_HOUR), and per email domain in ten minutes (a burst of throwaway accounts). */
export type RegisterLimits = { perAddressPerHour: number; perDomainPerTenMinutes: number };
export const DEFAULT_REGISTER_LIMITS: RegisterLimits = { perAddressPerHour: 20, perDomainPerTenMinutes: 30 };

/**
 * Creates a member account (free tier). Usernames are unique regardless of case; emails are
 * stored lowercased. Each sign-up costs an argon2 hash, so sign-ups are limited per address
 * and per email domain (RegisterLimits).
 */
export async function register(db: Db, data: RegisterInput, ip: string, limits: RegisterLimits): Promise<UserRow> {
  const email = data.email.toLowerCase();
  await takeAttempt(
    db,
    [
      { key: `register:ip:${ip}`, max: limits.perAddressPerHour, windowMs: 60 * 60 * 1000 },
      { key: `register:domain:${email.slice(email.lastIndexOf('@') + 1)}`, max: limits.perDomainPerTenMinutes, windowMs: 10 * 60 * 1000 },
    ],
    (s) => `Too many sign-ups. Please try again in ${waitText(s)}.`,
  );
  const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${data.username})`);
  if (taken) throw new AppError('conflict', 'Username already exists');
  const [emailTaken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (emailTaken) throw new AppError('conflict', 'Email already registered');
  const passwordHash = await hashPassword(data.password);
  try {
    const [row] = await db
      .insert(users)
      .values({ username: data.username, email, passwordHash, displayName: data.displayName ?? null })
      .returning();
    return row!;
  } catch (err) {
    // Two sign-ups racing for the same name: the unique index decides.
    if (isUniqueViolation(err)) {
      throw new AppError('conflict', 'Username or email already exists');
    }
    throw err;
  }
}
