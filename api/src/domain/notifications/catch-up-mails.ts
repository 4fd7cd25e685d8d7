import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { MailList } from '@app/shared/browser';
import { notifications, notificationSettings, users } from '../../db/schema/index.ts';
import { DIGEST_LISTED } from './digest-mails.ts';
import { foldedText, MAILS_PER_HOUR } from './flood-limits.ts';
import { unsubscribeParts, type NotificationMailDeps } from './notification-mails.ts';

/** Members one round catches up with at most (the next round takes the rest). */
const MEMBERS_PER_ROUND = 200;

/**
 * The catch-up mail (issue 47 #1): a member's notifications held past their mails an hour go out
 * together in one mail, once their last hour has room for a mail again — the digest taking over
 * from single mails for as long as they come faster. Held ones of a member who since chose a
 * digest, turned the kind's mail off or lost their address are skipped (the digest or the app has
 * them). A mail the server refuses leaves them held for the next round. Answers the mails sent.
 */
export async function sendCatchUpMails(deps: NotificationMailDeps): Promise<{ sent: number; skipped: number }> {
  const { rows: due } = await deps.db.execute<{ user_id: number }>(sql`
    select h.user_id from app.notifications h
    where h.email_state = 'held'
      and (select count(*) from app.notifications m
           where m.user_id = h.user_id and m.email_state in ('pending', 'sent') and m.created_at > now() - interval '1 hour') < ${MAILS_PER_HOUR}
    group by h.user_id order by min(h.id) limit ${MEMBERS_PER_ROUND}`);
  let sent = 0;
  let skipped = 0;
  for (const { user_id: userId } of due) {
    const outcome = await catchUp(deps, userId);
    if (outcome === 'failed') break;
    if (outcome === 'sent') sent++;
    else skipped++;
  }
  return { sent, skipped };
}

async function catchUp(deps: NotificationMailDeps, userId: number): Promise<'sent' | 'skipped' | 'failed'> {
  const [member] = await deps.db
    .select({ email: users.email, confirmed: users.emailConfirmedAt, deleted: users.deletedAt, settings: notificationSettings })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(eq(users.id, userId));
  const held = await deps.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.emailState, 'held'))).orderBy(asc(notifications.id));
  const settings = member?.settings;
  const stillMailed = held.filter((n) => ['email', 'both'].includes(settings?.[n.kind] ?? 'app'));
  const mark = (ids: number[], state: 'sent' | 'skipped') =>
    ids.length ? deps.db.update(notifications).set({ emailState: state }).where(and(inArray(notifications.id, ids), eq(notifications.emailState, 'held'))) : Promise.resolve();
  if (!member || member.deleted || !member.confirmed || !member.email || (settings && settings.digest !== 'off') || stillMailed.length === 0) {
    await mark(held.map((n) => n.id), 'skipped');
    return 'skipped';
  }
  await mark(held.filter((n) => !stillMailed.includes(n)).map((n) => n.id), 'skipped');
  const base = deps.publicUrl.replace(/\/$/, '');
  const listed = stillMailed.slice(0, DIGEST_LISTED);
  const site = deps.siteName();
  const { headers, footer } = unsubscribeParts(deps, userId, mostOf(stillMailed.map((n) => n.kind)));
  const text = [
    `More happened on ${site} than we mail one by one in an hour, so here it is together:`,
    '',
    ...listed.map((n) => `• ${foldedText(n)}\n  ${base}${n.url}`),
    ...(stillMailed.length > listed.length ? ['', `…and ${stillMailed.length - listed.length} more: ${base}/notifications`] : []),
    '',
    `All your notifications: ${base}/notifications`,
    '',
    ...footer,
  ].join('\n');
  const total = stillMailed.length;
  try {
    await deps.mailer.send({ to: member.email, subject: `${total} new ${total === 1 ? 'notification' : 'notifications'} on ${site}`, text, headers });
  } catch (err) {
    deps.logger.warn({ err: (err as Error).message, userId }, 'catch-up mail not sent; the notifications stay held');
    return 'failed';
  }
  await mark(stillMailed.map((n) => n.id), 'sent');
  return 'sent';
}

/** The kind most of them are (a flood is one kind): the mail's one-click unsubscribe stops that one. */
function mostOf(kinds: MailList[]): MailList {
  const tally = new Map<MailList, number>();
  for (const k of kinds) tally.set(k, (tally.get(k) ?? 0) + 1);
  return [...tally].sort((a, b) => b[1] - a[1])[0]![0];
}
