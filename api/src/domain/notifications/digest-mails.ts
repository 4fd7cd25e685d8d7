import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Digest } from '@app/shared/browser';
import { notifications, notificationSettings, users } from '../../db/schema/index.ts';
import { foldedText } from './flood-limits.ts';
import { unsubscribeParts, type NotificationMailDeps } from './notification-mails.ts';

const PERIOD_MS: Record<Exclude<Digest, 'off'>, number> = { daily: 86_400_000, weekly: 7 * 86_400_000 };
/** How many members one claim takes (a round claims again until none is due). */
const CLAIM = 500;
/** How many notifications one digest lists (the rest are counted). */
export const DIGEST_LISTED = 50;

/**
 * The digest round (issue 37 #6): every member on a daily or weekly digest whose last one is a
 * period old gets one mail listing their unread notifications since then (none: no mail). Each
 * member is claimed by moving their `last_digest_at` to now in one statement (skipping rows another
 * round holds), so however many instances run it at once a member gets one digest a period; a mail
 * the server refuses hands the member back for the next round.
 */
export async function sendDigests(deps: NotificationMailDeps, now: Date): Promise<{ sent: number; members: number }> {
  let sent = 0;
  let members = 0;
  for (const digest of ['daily', 'weekly'] as const) {
    const dueBefore = new Date(now.getTime() - PERIOD_MS[digest]);
    for (;;) {
      const { rows: claimed } = await deps.db.execute<{ user_id: number; since: string | null }>(sql`
        with due as (
          select user_id, last_digest_at from app.notification_settings
          where digest = ${digest} and (last_digest_at is null or last_digest_at <= ${dueBefore.toISOString()})
          order by user_id limit ${CLAIM} for update skip locked
        )
        update app.notification_settings s set last_digest_at = ${now.toISOString()} from due
        where s.user_id = due.user_id
        returning s.user_id, due.last_digest_at as since`);
      if (claimed.length === 0) break;
      members += claimed.length;
      for (const { user_id: userId, since } of claimed) {
        const from = since ? new Date(since) : dueBefore;
        const outcome = await digestFor(deps, userId, digest, from).catch((err: Error) => {
          deps.logger.warn({ err: err.message, userId }, 'digest not sent; the member waits for the next round');
          return 'failed' as const;
        });
        if (outcome === 'sent') sent++;
        // Handed back: the next round tries again, listing the same notifications.
        if (outcome === 'failed') await deps.db.update(notificationSettings).set({ lastDigestAt: since ? new Date(since) : null }).where(eq(notificationSettings.userId, userId));
      }
      if (claimed.length < CLAIM) break;
    }
  }
  return { sent, members };
}

async function digestFor(deps: NotificationMailDeps, userId: number, digest: 'daily' | 'weekly', from: Date): Promise<'sent' | 'nothing' | 'failed'> {
  const [member] = await deps.db.select({ email: users.email, confirmed: users.emailConfirmedAt, deleted: users.deletedAt }).from(users).where(eq(users.id, userId));
  if (!member || member.deleted || !member.confirmed) return 'nothing';
  // Folded into since (issue 47 #1): listed again, with its count.
  const unreadSince = and(eq(notifications.userId, userId), isNull(notifications.readAt), gt(sql`coalesce(${notifications.foldedAt}, ${notifications.createdAt})`, from));
  const [{ n: total } = { n: 0 }] = await deps.db.select({ n: count() }).from(notifications).where(unreadSince);
  if (total === 0) return 'nothing';
  const listed = await deps.db.select({ text: notifications.text, more: notifications.more, url: notifications.url }).from(notifications).where(unreadSince).orderBy(asc(notifications.id)).limit(DIGEST_LISTED);
  const base = deps.publicUrl.replace(/\/$/, '');
  const { headers, footer } = unsubscribeParts(deps, userId, 'digest');
  const site = deps.siteName();
  const text = [
    `What happened on ${site} since your last ${digest} digest:`,
    '',
    ...listed.map((n) => `• ${foldedText(n)}\n  ${base}${n.url}`),
    ...(total > listed.length ? ['', `…and ${total - listed.length} more: ${base}/notifications`] : []),
    '',
    `All your notifications: ${base}/notifications`,
    '',
    ...footer,
  ].join('\n');
  const subject = `Your ${digest} digest: ${total} new ${total === 1 ? 'notification' : 'notifications'} on ${site}`;
  try {
    await deps.mailer.send({ to: member.email, subject, text, headers });
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message, userId }, 'digest mail not sent');
    return 'failed';
  }
  return 'sent';
}
