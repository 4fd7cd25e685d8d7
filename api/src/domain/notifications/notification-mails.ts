import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_KIND_WORDS, type MailList } from '@app/shared/browser';
import type { Db } from '../../db/client.ts';
import { notifications, notificationSettings, users } from '../../db/schema/index.ts';
import type { Mailer } from '../ports/mailer.ts';
import { sendCatchUpMails } from './catch-up-mails.ts';
import { foldedText } from './flood-limits.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

export type NotificationMailDeps = { db: Db; mailer: Mailer; logger: Logger; publicUrl: string; internalSecret: string; siteName: () => string };

/**
 * What every mail of a list carries (issue 37 #6, #8): the one-click unsubscribe (RFC 8058:
 * List-Unsubscribe with a signed link, List-Unsubscribe-Post), the page that asks first, and the
 * settings. `footer` is the plain text's last lines.
 */
export function unsubscribeParts(deps: Pick<NotificationMailDeps, 'publicUrl' | 'internalSecret' | 'siteName'>, userId: number, list: MailList) {
  const base = deps.publicUrl.replace(/\/$/, '');
  const token = encodeURIComponent(signUnsubscribeToken(deps.internalSecret, userId, list));
  const oneClick = `${base}/api/notifications/unsubscribe?token=${token}`;
  const links = { stop: `${base}/unsubscribe?token=${token}`, settings: `${base}/profile#notifications` };
  const footer = ['—', `You get these mails for ${NOTIFICATION_KIND_WORDS[list]} on ${deps.siteName()}.`, `Stop them: ${links.stop}`, `Choose what we send you: ${links.settings}`];
  return { headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }, footer, links };
}

/** How many pending mails one round sends at most (the next round takes the rest). */
export const MAIL_BATCH = 200;

/**
 * The notification mail job's work (issue 37 #6): each pending notification's mail, oldest first,
 * to its member's confirmed address, with a one-click unsubscribe (RFC 8058: List-Unsubscribe and
 * List-Unsubscribe-Post) that turns that kind's mail off, and a link to the settings. An account
 * deleted, or an address not confirmed, is skipped; a kind switched off since is skipped. A mail
 * the server refuses stays pending for the next round. Then the catch-up mails of those held
 * (catch-up-mails.ts). Answers how many mails were sent and notifications skipped.
 */
export async function sendNotificationMails(deps: NotificationMailDeps): Promise<{ sent: number; skipped: number }> {
  const rows = await deps.db
    .select({ n: notifications, email: users.email, confirmed: users.emailConfirmedAt, deleted: users.deletedAt, settings: notificationSettings })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, notifications.userId))
    .where(eq(notifications.emailState, 'pending'))
    .orderBy(asc(notifications.id))
    .limit(MAIL_BATCH);
  const base = deps.publicUrl.replace(/\/$/, '');
  let sent = 0;
  const skipped: number[] = [];
  for (const { n, email, confirmed, deleted, settings } of rows) {
    const channel = settings?.[n.kind] ?? 'app';
    // A member on a digest hears of it there (digest-mails.ts), not in a mail of its own.
    if (!confirmed || deleted || !email || (channel !== 'email' && channel !== 'both') || (settings && settings.digest !== 'off')) {
      skipped.push(n.id);
      continue;
    }
    const { headers, footer } = unsubscribeParts(deps, n.userId, n.kind);
    const told = foldedText(n);
    const text = [told, '', `Open it: ${base}${n.url}`, '', ...footer].join('\n');
    try {
      await deps.mailer.send({ to: email, subject: told.length > 120 ? `${told.slice(0, 119)}…` : told, text, headers });
    } catch (err) {
      // The mail server is out of reach: this one and the rest wait for the next round.
      deps.logger.warn({ err: (err as Error).message, notificationId: n.id }, 'notification mail not sent; it stays pending');
      break;
    }
    await deps.db.update(notifications).set({ emailState: 'sent' }).where(eq(notifications.id, n.id));
    sent++;
  }
  if (skipped.length) await deps.db.update(notifications).set({ emailState: 'skipped' }).where(and(inArray(notifications.id, skipped), sql`${notifications.emailState} = 'pending'`));
  // Then those held past their members' mails an hour, one mail each (issue 47 #1).
  const caughtUp = await sendCatchUpMails(deps);
  return { sent: sent + caughtUp.sent, skipped: skipped.length + caughtUp.skipped };
}

/** The digest and the newsletter are mails only; a kind keeps its place in the app when its mail stops. */
const isMailOnly = (list: MailList): list is 'digest' | 'newsletter' => list === 'digest' || list === 'newsletter';

/**
 * POST /api/notifications/unsubscribe?token= (and a mail client's one-click POST): the list the
 * token names stops being mailed to its member — a kind's `email` becomes `off` and `both` `app`;
 * the digest and the newsletter become `off` — without signing in. Answers the list and its
 * setting now.
 */
export async function unsubscribe(db: Db, member: { userId: number; kind: MailList }): Promise<{ kind: string; setting: string }> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, member.userId));
  const current = row?.[member.kind] ?? DEFAULT_NOTIFICATION_SETTINGS[member.kind];
  const setting = isMailOnly(member.kind) ? 'off' : current === 'both' ? 'app' : current === 'email' ? 'off' : current;
  await db
    .insert(notificationSettings)
    .values({ userId: member.userId, [member.kind]: setting })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { [member.kind]: setting, updatedAt: new Date() } });
  // Mails of that kind not yet sent are not sent either (a newsletter's copies check as they go).
  if (isMailOnly(member.kind)) return { kind: member.kind, setting };
  await db.update(notifications).set({ emailState: 'skipped' }).where(and(eq(notifications.userId, member.userId), eq(notifications.kind, member.kind), inArray(notifications.emailState, ['pending', 'held'])));
  return { kind: member.kind, setting };
}
