import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { commentNotices } from '../src/db/schema/index.ts';

/**
 * Once every comment's notice has been told: a comment answers before its drain (issue 53 #3),
 * which deletes each notice in the transaction that writes its notifications. A test then reads
 * what members were told — and, as surely, what they were not.
 */
export async function everyoneTold(db: Db): Promise<void> {
  await expect.poll(() => db.$count(commentNotices), { timeout: 15_000, interval: 20 }).toBe(0);
}
