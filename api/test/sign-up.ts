import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { mailOutbox } from '../src/db/schema/index.ts';
import { browserClient } from './browser-client.ts';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The mails to an address with this subject, oldest first; waits (up to five seconds) for `n` of them, as mail goes out after the answer. */
export async function mailsTo(db: Db, email: string, subject: RegExp, n = 1) {
  let rows: (typeof mailOutbox.$inferSelect)[] = [];
  for (let i = 0; i < 250; i++) {
    rows = (await db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.id)).filter((m) => subject.test(m.subject));
    if (rows.length >= n) break;
    await sleep(20);
  }
  return rows;
}

/** The token of the newest confirmation link mailed to an address. */
export async function confirmationToken(db: Db, email: string): Promise<string> {
  const mails = await mailsTo(db, email, /^Confirm your Better Self email address$/);
  const link = /\/auth\?confirm-token=(\S+)/.exec(mails.at(-1)!.text)!;
  return decodeURIComponent(link[1]!);
}

/** A new member who signed up through the API (signed in at once) and opened the emailed link: address confirmed. */
export async function signedUpMember(base: string, db: Db, username: string, extra: Record<string, unknown> = {}) {
  const c = browserClient(base);
  const email = String(extra.email ?? `${username}@example.com`).toLowerCase();
  const res = await c.post('/api/register', { username, email, password: 'secret-pass', ...extra });
  expect(res.status).toBe(201);
  const confirmed = await c.post('/api/auth/confirm-email', { token: await confirmationToken(db, email) });
  expect(confirmed.status).toBe(200);
  return { c, user: confirmed.body };
}
