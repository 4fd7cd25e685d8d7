import { randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { knownBrowsers } from '../../db/schema/index.ts';
import { siteNameOf, type AccountDeps } from '../accounts/account-deps.ts';
import { deviceName } from '../accounts/device-name.ts';
import { mailToMember } from '../accounts/mail-to-member.ts';
import { hashToken } from '../accounts/sessions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { newBrowserMail } from './factor-mails.ts';

/**
 * Remembers the browser a member signs in from (by a long-lived random cookie, stored hashed) and,
 * when it is new to an account that has signed in elsewhere before, mails the member (issue 52 #5).
 * Answers the browser's token, new or as it was, for the cookie.
 */
export async function noteBrowser(deps: AccountDeps, user: UserRow, token: string | undefined, opts: { userAgent: string | null; notice: boolean }): Promise<string> {
  const browser = token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : randomBytes(32).toString('base64url');
  const browserHash = hashToken(browser);
  const [known] = await deps.db.select({ n: count() }).from(knownBrowsers).where(eq(knownBrowsers.userId, user.id));
  const added = await deps.db.insert(knownBrowsers).values({ userId: user.id, browserHash }).onConflictDoNothing().returning({ userId: knownBrowsers.userId });
  if (added.length === 0) {
    await deps.db.update(knownBrowsers).set({ lastSeenAt: sql`now()` }).where(and(eq(knownBrowsers.userId, user.id), eq(knownBrowsers.browserHash, browserHash)));
  } else if (opts.notice && Number(known?.n ?? 0) > 0) {
    await mailToMember(deps, user, newBrowserMail(siteNameOf(deps), deps.publicUrl, deviceName(opts.userAgent)));
  }
  return browser;
}
