import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from '../accounts/passwords.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { refund, takeAttempt, waitText } from '../rate-limit/attempts.ts';

/** Wrong current passwords per member an hour, before changes that ask for it wait (as sign-in does). */
const FREE_TRIES = 8;

/**
 * The current password, for changes a borrowed session must not make (password, email,
 * deletion). Wrong guesses are counted per member with growing waits, like sign-in; a right one
 * is not counted.
 */
export async function checkCurrentPassword(db: Db, user: UserRow, password: string): Promise<void> {
  const attempt = await takeAttempt(db, [{ key: `current-password:${user.id}`, freeTries: FREE_TRIES }], (s) => `Too many wrong passwords. Please wait ${waitText(s)} and try again.`);
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('forbidden', 'Your current password is not correct.');
  await refund(db, attempt);
}
