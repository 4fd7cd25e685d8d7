import { can, tierLabel, viewerOf, type NewsletterSegment } from '@app/shared/browser';
import { AppError } from '../../lib/app-error.ts';
import { requireAdmin } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { NewsletterDeps } from './newsletter.ts';
import { renderNewsletter } from './newsletter-mail.ts';
import { unsubscribeParts } from './notification-mails.ts';

/**
 * POST /api/admin/newsletters/test (issue 47 #13): one copy of an article's newsletter to the
 * signed-in admin, as the chosen segment will see it — the whole article when the segment's tier
 * reaches it, else its public part and a link (for every member, as a free member sees it, the
 * least anyone gets) — marked as a test in its subject and at its top. Nothing is queued; the
 * test is audited. Sent now, so the admin can look at it before pressing Send.
 */
export async function sendTestNewsletter(deps: Pick<NewsletterDeps, 'db' | 'content' | 'mailer' | 'publicUrl' | 'internalSecret' | 'siteName'>, caller: UserRow | null, input: { articleId: number; segment: NewsletterSegment }): Promise<{ message: string }> {
  const admin = requireAdmin(caller);
  const article = deps.content.current().articles.get(input.articleId);
  if (!article) throw new AppError('not_found', 'Article not found');
  if (!admin.email || !admin.emailConfirmedAt) throw new AppError('bad_request', 'Confirm your email address first: the test goes to it.');
  const tier = input.segment === 'all' ? 'free' : input.segment;
  // A member of the segment in good standing: the admin's own powers do not count here.
  const reader = viewerOf({ ...admin, membershipTier: tier, role: 'member', accountStatus: 'active' });
  const copies = renderNewsletter(article, deps.publicUrl, deps.siteName());
  const copy = can(reader, 'read', copies.about) ? copies.full : copies.teaser;
  const who = input.segment === 'all' ? 'every member (as a Free member sees it)' : `${tierLabel(tier)} members`;
  const note = `This is a test of the newsletter, sent only to you, as ${who} will see it.`;
  const { headers, footer, links } = unsubscribeParts(deps, admin.id, 'newsletter');
  await deps.mailer.send({ to: admin.email, subject: `[Test] ${copy.subject}`, text: `${note}\n\n${copy.text(footer)}`, html: copy.html({ ...links, siteName: deps.siteName(), note }), headers });
  await recordAudit(deps.db, { actorId: admin.id, action: 'newsletter.test_sent', details: { articleId: input.articleId, title: article.summary.title, segment: input.segment } });
  return { message: `A test copy was sent to ${admin.email}.` };
}
