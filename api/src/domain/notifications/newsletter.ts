import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { can, viewerOf, type NewsletterReport, type NewsletterSegment } from '@app/shared/browser';
import { newsletterRecipients, newsletters, notificationSettings, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireAdmin, requireDangerousPermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { ContentReadModel } from '../content/content-read-model.ts';
import { renderNewsletter, type NewsletterCopy } from './newsletter-mail.ts';
import { unsubscribeParts, type NotificationMailDeps } from './notification-mails.ts';

export type NewsletterDeps = NotificationMailDeps & { content: ContentReadModel; mailsPerSecond: number };

/** A suspended or banned member gets no newsletter (suspended since it was queued: not sent). */
const inGoodStanding = (user: UserRow) => user.accountStatus !== 'suspended' && user.accountStatus !== 'banned';

/** How many copies one claim takes, all sent at once: at most this many are left unknown by a crash. */
const BATCH = 5;

/**
 * POST /api/admin/newsletters (issue 37 #8): an article on the site sent by email to a segment —
 * every member, or those of one tier. The recipients are fixed now, in one transaction: each
 * member of the segment with a confirmed address, neither suspended nor banned (issue 47 #6), `unsubscribed` already when they turned the
 * newsletter off. The newsletter job sends them. Answers the send report; the same article to the
 * same segment again while it is still going out is a 409.
 */
export async function queueNewsletter(deps: Pick<NewsletterDeps, 'db' | 'content'>, caller: UserRow | null, input: { articleId: number; segment: NewsletterSegment }): Promise<NewsletterReport> {
  const admin = requireDangerousPermission(caller, 'administer');
  const article = deps.content.current().articles.get(input.articleId);
  if (!article) throw new AppError('not_found', 'Article not found');
  const id = await deps.db.transaction(async (tx) => {
    // A second press (or a parallel repeat) while the first is still going out sends nothing more.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`newsletter:${input.articleId}`}, 0))`);
    const [going] = await tx
      .select({ id: newsletters.id })
      .from(newsletters)
      .where(and(eq(newsletters.articleId, input.articleId), eq(newsletters.segment, input.segment), isNull(newsletters.finishedAt)));
    if (going) throw new AppError('conflict', 'This article is already being sent to these members.');
    const [row] = await tx.insert(newsletters).values({ articleId: input.articleId, title: article.summary.title, segment: input.segment, sentBy: admin.id }).returning({ id: newsletters.id });
    const tier = input.segment === 'all' ? sql`true` : sql`u.membership_tier = ${input.segment}`;
    await tx.execute(sql`
      insert into app.newsletter_recipients (newsletter_id, user_id, state)
      select ${row!.id}, u.id, case when coalesce(s.newsletter, 'on') = 'off' then 'unsubscribed' else 'pending' end
      from app.users u left join app.notification_settings s on s.user_id = u.id
      where u.deleted_at is null and u.email_confirmed_at is not null and u.account_status not in ('suspended', 'banned') and ${tier}`);
    await recordAudit(tx, { actorId: admin.id, action: 'newsletter.sent', details: { articleId: input.articleId, title: article.summary.title, segment: input.segment } });
    return row!.id;
  });
  const [report] = await reports(deps.db, id);
  return report!;
}

/** GET /api/admin/newsletters: the send reports, newest first (the last 50). */
export async function listNewsletters(deps: Pick<NewsletterDeps, 'db'>, caller: UserRow | null): Promise<NewsletterReport[]> {
  requireAdmin(caller);
  return reports(deps.db);
}

async function reports(db: NewsletterDeps['db'], id?: number): Promise<NewsletterReport[]> {
  const rows = await db
    .select({ n: newsletters, sentBy: users.username })
    .from(newsletters)
    .leftJoin(users, eq(users.id, newsletters.sentBy))
    .where(id ? eq(newsletters.id, id) : undefined)
    .orderBy(desc(newsletters.id))
    .limit(50);
  if (rows.length === 0) return [];
  // Every count of every listed newsletter in one pass over their copies.
  const { rows: counts } = await db.execute<{ newsletter_id: number; recipients: number; pending: number; sent: number; failed: number; unsubscribed: number }>(sql`
    select newsletter_id, count(*)::int as recipients,
      (count(*) filter (where state in ('pending', 'sending')))::int as pending,
      (count(*) filter (where state = 'sent'))::int as sent,
      (count(*) filter (where state = 'failed'))::int as failed,
      (count(*) filter (where state = 'unsubscribed'))::int as unsubscribed
    from app.newsletter_recipients where newsletter_id in (${sql.join(rows.map((r) => sql`${r.n.id}`), sql`, `)})
    group by newsletter_id`);
  const countsOf = new Map(counts.map((c) => [c.newsletter_id, c]));
  return rows.map(({ n, sentBy }) => {
    const c = countsOf.get(n.id);
    return {
      id: n.id,
      articleId: n.articleId,
      title: n.title,
      segment: n.segment,
      sentBy,
      createdAt: n.createdAt.toISOString(),
      finishedAt: n.finishedAt?.toISOString() ?? null,
      recipients: c?.recipients ?? 0,
      pending: c?.pending ?? 0,
      sent: c?.sent ?? 0,
      failed: c?.failed ?? 0,
      unsubscribed: c?.unsubscribed ?? 0,
    };
  });
}

/**
 * The newsletter job's round (issue 37 #8): copies of every queued newsletter sent, oldest
 * newsletter first, `mailsPerSecond` at most, until none is left or `budgetMs` has passed (the
 * next round goes on). The round runs under the job's session lock, so copies still `sending`
 * when it starts were in flight when an earlier sender died: they may have gone out, so they are
 * marked failed — never sent twice. Each copy is claimed before it is sent and marked as soon as
 * the server has it. A member's tier is read when their copy is sent: the whole article only if
 * it reaches the article, else its public part and a link.
 */
export async function sendNewsletters(deps: NewsletterDeps, budgetMs: number): Promise<{ sent: number; failed: number; unsubscribed: number; interrupted: number }> {
  const started = Date.now();
  const interrupted = await deps.db.update(newsletterRecipients).set({ state: 'failed', updatedAt: new Date() }).where(eq(newsletterRecipients.state, 'sending')).returning({ userId: newsletterRecipients.userId });
  const totals = { sent: 0, failed: 0, unsubscribed: 0, interrupted: interrupted.length };
  const copies = new Map<number, ReturnType<typeof renderNewsletter> | null>();
  while (Date.now() - started < budgetMs) {
    const [next] = await deps.db.select().from(newsletters).where(sql`${newsletters.finishedAt} is null`).orderBy(newsletters.id).limit(1);
    if (!next) break;
    const claimed = await claim(deps, next.id);
    if (claimed.length === 0) {
      await deps.db.update(newsletters).set({ finishedAt: new Date() }).where(and(eq(newsletters.id, next.id), sql`not exists (select 1 from app.newsletter_recipients r where r.newsletter_id = ${next.id} and r.state in ('pending', 'sending'))`));
      continue;
    }
    if (!copies.has(next.id)) {
      const article = deps.content.current().articles.get(next.articleId);
      copies.set(next.id, article ? renderNewsletter(article, deps.publicUrl, deps.siteName()) : null);
    }
    const outcome = await sendBatch(deps, next.id, claimed, copies.get(next.id) ?? null);
    totals.sent += outcome.sent;
    totals.failed += outcome.failed;
    totals.unsubscribed += outcome.unsubscribed;
    // Within the mail server's rate: the round's copies so far take at least this long.
    const due = started + ((totals.sent + totals.failed) * 1000) / deps.mailsPerSecond;
    if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
  }
  return totals;
}

async function claim(deps: NewsletterDeps, newsletterId: number) {
  const { rows } = await deps.db.execute<{ user_id: number }>(sql`
    update app.newsletter_recipients set state = 'sending', updated_at = now()
    where newsletter_id = ${newsletterId} and user_id in (
      select user_id from app.newsletter_recipients where newsletter_id = ${newsletterId} and state = 'pending'
      order by user_id limit ${BATCH} for update skip locked)
    returning user_id`);
  if (rows.length === 0) return [];
  return deps.db
    .select({ user: users, newsletter: notificationSettings.newsletter })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(inArray(users.id, rows.map((r) => r.user_id)));
}

async function sendBatch(deps: NewsletterDeps, newsletterId: number, claimed: Awaited<ReturnType<typeof claim>>, copies: ReturnType<typeof renderNewsletter> | null) {
  const state = { sent: [] as number[], failed: [] as number[], unsubscribed: [] as number[] };
  const sendOne = async ({ user, newsletter }: (typeof claimed)[number]) => {
    // Gone, unconfirmed, suspended or turned off since it was queued: not sent. The article gone: failed.
    if (user.deletedAt || !user.emailConfirmedAt || !inGoodStanding(user) || newsletter === 'off') return state.unsubscribed.push(user.id);
    if (!copies) return state.failed.push(user.id);
    const copy: NewsletterCopy = can(viewerOf(user), 'read', copies.about) ? copies.full : copies.teaser;
    const { headers, footer, links } = unsubscribeParts(deps, user.id, 'newsletter');
    try {
      await deps.mailer.send({ to: user.email, subject: copy.subject, text: copy.text(footer), html: copy.html({ ...links, siteName: deps.siteName() }), headers });
      state.sent.push(user.id);
    } catch (err) {
      deps.logger.warn({ err: (err as Error).message, newsletterId }, 'newsletter copy not sent');
      state.failed.push(user.id);
    }
  };
  await Promise.all(claimed.map(sendOne));
  for (const [to, ids] of Object.entries(state) as [keyof typeof state, number[]][]) {
    if (ids.length) await deps.db.update(newsletterRecipients).set({ state: to, updatedAt: new Date() }).where(and(eq(newsletterRecipients.newsletterId, newsletterId), inArray(newsletterRecipients.userId, ids)));
  }
  return { sent: state.sent.length, failed: state.failed.length, unsubscribed: state.unsubscribed.length };
}
