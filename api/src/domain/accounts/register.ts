import { RegisterSchema } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from './passwords.ts';
import type { UserRow } from './user-dto.ts';

/** Creates a member account (free tier). Usernames are unique regardless of case; emails are stored lowercased. */
export async function register(db: Db, input: unknown): Promise<UserRow> {
  const data = RegisterSchema.parse(input);
  const email = data.email.toLowerCase();
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
    if ((err as { cause?: { code?: string } }).cause?.code === '23505' || (err as { code?: string }).code === '23505') {
      throw new AppError('conflict', 'Username or email already exists');
    }
    throw err;
  }
}
