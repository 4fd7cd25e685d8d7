import type { ReviewRequested, ReviewRequestedAnswer } from '@app/shared/schemas';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { Mail, Mailer } from '../ports/mailer.ts';
import { atMost } from '../accounts/at-most.ts';
import { siteAdminsAmong } from '../cms-sign-in/site-admins-among.ts';
import { notify } from './notify.ts';

export type ReviewRequestDeps = { db: Db; mailer: Mailer; logger: Logger; publicUrl: string; siteName: () => string };

/** A contributor who unticks and ticks "Submitted for review" again within this time tells no one again. */
const REPEAT_WINDOW_MS = 10 * 60_000;

/** The article in the CMS, where an editor reads and publishes it. */
export const cmsArticlePath = (articleId: number) => `/cms/admin/collections/articles/${articleId}`;

/** What an editor is told, in the app and in the mail's subject. */
export const reviewRequestText = (input: Pick<ReviewRequested, 'requestedBy' | 'title'>) => `${input.requestedBy} submitted “${input.title}” for review`;

/** The mail to an editor with no site account (a CMS password of their own): the news and the article's link. */
export function reviewRequestMail(site: string, input: ReviewRequested, link: string): Omit<Mail, 'to'> {
  return {
    subject: `${reviewRequestText(input)} on ${site}`,
    text: `Hello,\n\n${reviewRequestText(input)}. Read it in the CMS, then publish it or tell them what it needs:\n\n${link}\n\nYou get this mail because you may publish articles in ${site}’s CMS. A CMS admin can change your role.\n`,
  };
}

/**
 * POST /api/internal/review-requested (issue 47 #13): a contributor submitted an article for
 * review in the CMS, and its editors hear of it instead of waiting to filter the list. Editors
 * who sign in through their site account (and still administer the site, so the link lets them
 * in) get a `review` notification, as their settings say; the others get a mail at their CMS
 * address. Once per article within ten minutes, so a retried call or a tick turned off and on
 * tells no one twice. A mail that cannot be sent is logged; the others still go.
 */
export async function notifyReviewRequested(deps: ReviewRequestDeps, input: ReviewRequested): Promise<ReviewRequestedAnswer> {
  if (!(await atMost(deps.db, `review-requested:${input.articleId}`, 1, REPEAT_WINDOW_MS))) return { notified: 0, mailed: 0 };
  const path = cmsArticlePath(input.articleId);
  const linked = input.editors.flatMap((e) => (e.siteUserId === null ? [] : [e.siteUserId]));
  const told = await notify(deps.db, { kind: 'review', recipients: await siteAdminsAmong(deps.db, linked), actorId: null, text: reviewRequestText(input), url: path });

  const addresses = [...new Set(input.editors.filter((e) => e.siteUserId === null).map((e) => e.email.toLowerCase()))];
  const mail = reviewRequestMail(deps.siteName(), input, `${deps.publicUrl.replace(/\/$/, '')}${path}`);
  const sent = await Promise.allSettled(addresses.map((to) => deps.mailer.send({ to, ...mail })));
  for (const failed of sent.filter((s) => s.status === 'rejected')) deps.logger.error({ err: failed.reason, articleId: input.articleId }, 'could not mail an editor about a review request');
  return { notified: told.length, mailed: sent.filter((s) => s.status === 'fulfilled').length };
}
