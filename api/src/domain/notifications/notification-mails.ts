import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { NOTIFICATION_KIND_WORDS, type NotificationKind } from '@app/shared/browser';
import type { Db } from '../../db/client.ts';
import { notifications, notificationSettings, users } from '../../db/schema/index.ts';
import type { Mailer } from '../../integrations/mailer.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

export type NotificationMailDeps = { db: Db; mailer: Mailer; logger: Logger; publicUrl: string; internalSecret: string; siteName: () => string };

/** How many pending mails one round sends at most (the next round takes the rest). */
export const MAIL_BATCH = 200;

/**
 * The notification mail job's work (issue 37 #6): each pending notification's mail, oldest first,
 * to its member's confirmed address, with a one-click unsubscribe (RFC 8058: List-Unsubscribe and
 * List-Unsubscribe-Post) that turns that kind's mail off, and a link to the settings. An account
 * deleted, or an address not confirmed, is skipped; a kind switched off since is skipped. A mail
 * the server refuses stays pending for the next round. Answers how many were sent.
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
    if (!confirmed || deleted || !email || (channel !== 'email' && channel !== 'both')) {
      skipped.push(n.id);
      continue;
    }
    const token = signUnsubscribeToken(deps.internalSecret, n.userId, n.kind);
    const oneClick = `${base}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
    const text = [
      n.text,
      '',
      `Open it: ${base}${n.url}`,
      '',
      '—',
      `You get these mails for ${NOTIFICATION_KIND_WORDS[n.kind]} on ${deps.siteName()}.`,
      `Stop them: ${base}/unsubscribe?token=${encodeURIComponent(token)}`,
      `Choose what we send you: ${base}/profile#notifications`,
    ].join('\n');
    try {
      await deps.mailer.send({ to: email, subject: n.text.length > 120 ? `${n.text.slice(0, 119)}…` : n.text, text, headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } });
    } catch (err) {
      // The mail server is out of reach: this one and the rest wait for the next round.
      deps.logger.warn({ err: (err as Error).message, notificationId: n.id }, 'notification mail not sent; it stays pending');
      break;
    }
    await deps.db.update(notifications).set({ emailState: 'sent' }).where(eq(notifications.id, n.id));
    sent++;
  }
  if (skipped.length) await deps.db.update(notifications).set({ emailState: 'skipped' }).where(and(inArray(notifications.id, skipped), sql`${notifications.emailState} = 'pending'`));
  return { sent, skipped: skipped.length };
}

/**
 * POST /api/notifications/unsubscribe?token= (and a mail client's one-click POST): the kind the
 * token names stops being mailed to its member — `email` becomes `off`, `both` becomes `app` —
 * without signing in. Answers the kind and its setting now.
 */
export async function unsubscribe(db: Db, member: { userId: number; kind: NotificationKind }): Promise<{ kind: string; setting: string }> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, member.userId));
  const current = row?.[member.kind] ?? 'app';
  const setting = current === 'both' ? 'app' : current === 'email' ? 'off' : current;
  await db
    .insert(notificationSettings)
    .values({ userId: member.userId, [member.kind]: setting })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { [member.kind]: setting, updatedAt: new Date() } });
  // Mails of that kind not yet sent are not sent either.
  await db.update(notifications).set({ emailState: 'skipped' }).where(and(eq(notifications.userId, member.userId), eq(notifications.kind, member.kind), eq(notifications.emailState, 'pending')));
  return { kind: member.kind, setting };
}
